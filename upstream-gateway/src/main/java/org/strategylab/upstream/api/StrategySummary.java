package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A strategy in a listing.
 *
 * @param strategyId    the upstream id
 * @param name          its name
 * @param rootStepId    its root step
 * @param recordType    the record type of its result
 * @param isSaved       whether it is saved
 * @param estimatedSize its result size as the site last computed it, if known
 * @param webUrl        where users open it on the site
 */
public record StrategySummary(long strategyId, String name, Long rootStepId, String recordType,
                              @JsonProperty("isSaved") boolean isSaved, Long estimatedSize, String webUrl) {
}
