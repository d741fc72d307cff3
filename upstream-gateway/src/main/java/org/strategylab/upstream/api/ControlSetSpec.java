package org.strategylab.upstream.api;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import java.util.List;

/**
 * A control gene set to intersect with a strategy's result.
 *
 * @param label a name for the answer ({@code positive}, {@code negative})
 * @param ids   gene IDs
 */
public record ControlSetSpec(@NotBlank String label, @NotEmpty List<@NotBlank String> ids) {
}
