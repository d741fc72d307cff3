package org.strategylab.upstream.api;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The distribution of one attribute over a step's result; both parts are empty for a column the
 * site cannot summarise (spec §7.6).
 *
 * @param column     the attribute
 * @param supported  whether the site summarised it
 * @param histogram  bins {@code [{value, binStart, binEnd, binLabel}]}
 * @param statistics {@code {subsetSize, numDistinctValues, …}}
 */
public record ColumnDistribution(String column, boolean supported, JsonNode histogram, JsonNode statistics) {
}
