package org.strategylab.chat.graph;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A filter kept on a step, as the site keeps it in the step's {@code searchConfig.filters}
 * (upstream-wdk.md §3.5): one the step's search offers, by name, with its value.
 *
 * @param name     the filter's name ({@code organism_filter_array}, …)
 * @param value    its value, JSON as the site takes it ({@code {"values":["Plasmodium falciparum 3D7"]}})
 * @param disabled whether it is kept but not applied (absent: applied)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StepFilter(String name, JsonNode value, Boolean disabled) {
}
