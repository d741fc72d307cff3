package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.validation.constraints.NotBlank;

/**
 * One step filter as WDK keeps it in a step's {@code searchConfig.filters} (upstream-wdk.md §3.5):
 * a filter the search offers (its catalogue entry's {@code filters}), by name, with its value.
 *
 * @param name     the filter's name ({@code matched_transcript_filter_array}, …)
 * @param value    its value, JSON as the site takes it (e.g. {@code {"values":["Y"]}})
 * @param disabled whether the filter is kept but not applied
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StepFilter(@NotBlank String name, JsonNode value, Boolean disabled) {
}
