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
 * @param isValid       whether the site can run it
 * @param estimatedSize its result size as the site last computed it; null when not computed (WDK's −1)
 * @param webUrl        where users open it on the site
 * @param lastModified  when it last changed on the site, as the site states it (ISO-8601); null when not stated
 */
public record StrategySummary(long strategyId, String name, Long rootStepId, String recordType,
                              @JsonProperty("isSaved") boolean isSaved, @JsonProperty("isValid") Boolean isValid,
                              Long estimatedSize, String webUrl, String lastModified) {
}
