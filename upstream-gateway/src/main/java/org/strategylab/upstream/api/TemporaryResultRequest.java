package org.strategylab.upstream.api;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.util.List;

/**
 * A download of a step's result.
 *
 * @param format     {@code csv}, {@code tab} or {@code json}
 * @param attributes the columns (default: the record type's id and the search's default attributes)
 */
public record TemporaryResultRequest(@NotNull @Pattern(regexp = "csv|tab|json") String format, List<String> attributes) {
}
