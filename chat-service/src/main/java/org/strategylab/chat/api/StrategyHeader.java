package org.strategylab.chat.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.OffsetDateTime;

/**
 * A strategy (conversation) without its steps: list rows, and the snapshot {@code message_start}
 * carries.
 *
 * @param id                 the strategy id (also the conversation id)
 * @param name               its name
 * @param title              the same name (PathFinder's clients read either)
 * @param description        its description
 * @param siteId             the site it builds on
 * @param recordType         the record type of its results
 * @param stepCount          how many steps it has
 * @param resultCount        its root's result count, when counted
 * @param upstreamStrategyId the site's strategy, once pushed there
 * @param upstreamUrl        where to open it on the site, once pushed
 * @param isSaved            whether the site's strategy is saved
 * @param siteStrategy       the site's strategy with when it was saved and whether it is out of date; absent
 *                           before the strategy is on the site
 * @param modelId            the model of its last turn
 * @param messageCount       how many messages it has
 * @param createdAt          when it was created
 * @param updatedAt          when it last changed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StrategyHeader(String id, String name, String title, String description, String siteId, String recordType,
                             int stepCount, Long resultCount, Long upstreamStrategyId, String upstreamUrl,
                             @JsonProperty("isSaved") boolean isSaved, SiteStrategy siteStrategy, String modelId, int messageCount,
                             OffsetDateTime createdAt, OffsetDateTime updatedAt) {
}
