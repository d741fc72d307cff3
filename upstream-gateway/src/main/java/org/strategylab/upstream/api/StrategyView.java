package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * A strategy with its tree and steps.
 *
 * @param strategyId    the upstream id
 * @param name          its name
 * @param description   its description
 * @param isSaved       whether it is saved
 * @param recordType    the record type of its result
 * @param isValid       whether the site can run it (false when a step is invalid; see the steps' {@code validation})
 * @param estimatedSize its result size: the site's, or its root step's when the site has not computed it
 *                      (WDK's −1), else null
 * @param webUrl        where users open it on the site
 * @param stepTree      how its steps are wired
 * @param steps         its steps by id
 */
public record StrategyView(long strategyId, String name, String description, @JsonProperty("isSaved") boolean isSaved,
                           String recordType, @JsonProperty("isValid") Boolean isValid, Long estimatedSize, String webUrl, StepNode stepTree,
                           Map<Long, StepView> steps) {
}
