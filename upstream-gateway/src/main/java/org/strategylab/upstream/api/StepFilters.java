package org.strategylab.upstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.validation.constraints.NotNull;

/**
 * A step's stored filters, WDK's {@code searchConfig.filters}: {@code [{name, value, disabled?}]}
 * (upstream-wdk.md §3.5; not the spec's {@code answerSpec.viewFilters}, DECISIONS.md item 8).
 *
 * @param filters the filters
 */
public record StepFilters(@NotNull JsonNode filters) {
}
