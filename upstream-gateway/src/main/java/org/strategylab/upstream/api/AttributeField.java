package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * An attribute (column) of a record type, as results tables offer it.
 *
 * @param type          WDK's type ({@code string}, {@code number}, {@code link}, …)
 * @param isDisplayable whether a results table may show it
 * @param isSortable    whether results may be sorted by it
 * @param isSuggested   whether WDK shows it by default
 * @param hasDistribution whether the site can summarise it ({@code byValue} tool)
 */
public record AttributeField(String name, String displayName, String help, String type,
                             @JsonProperty("isDisplayable") boolean isDisplayable,
                             @JsonProperty("isSortable") boolean isSortable,
                             @JsonProperty("isSuggested") boolean isSuggested,
                             boolean hasDistribution) {
}
