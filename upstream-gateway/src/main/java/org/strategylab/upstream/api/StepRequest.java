package org.strategylab.upstream.api;

import jakarta.validation.constraints.NotBlank;
import java.util.Map;

/**
 * A new unattached step (a leaf; combines and transforms are built as step trees).
 *
 * @param recordType its record type (default {@code transcript})
 * @param searchName its search
 * @param parameters its values (JSON)
 * @param customName its name
 * @param weight     its WDK weight
 */
public record StepRequest(String recordType, @NotBlank String searchName, Map<String, Object> parameters,
                          String customName, Integer weight) {
}
