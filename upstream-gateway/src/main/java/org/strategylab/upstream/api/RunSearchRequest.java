package org.strategylab.upstream.api;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import java.util.Map;

/**
 * A search to run for its IDs and count, without keeping anything on the site.
 *
 * @param recordType its record type (default {@code transcript})
 * @param searchName the search (no input steps)
 * @param parameters its values (JSON)
 * @param maxIds     most IDs to return (default 5000)
 */
public record RunSearchRequest(String recordType, @NotBlank String searchName, Map<String, Object> parameters,
                               @Min(0) Integer maxIds) {
}
