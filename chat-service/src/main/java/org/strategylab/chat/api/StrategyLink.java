package org.strategylab.chat.api;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A strategy pushed to its site ({@code strategy_link}, and the answer of {@code POST …/push}).
 *
 * @param graphId            the strategy (conversation) id
 * @param upstreamStrategyId the site's strategy id
 * @param upstreamUrl        where users open it on the site
 * @param name               its name there
 * @param isSaved            whether it is saved there
 * @param resultCount        its result count there
 */
public record StrategyLink(String graphId, long upstreamStrategyId, String upstreamUrl, String name,
                           @JsonProperty("isSaved") boolean isSaved, Long resultCount) {
}
