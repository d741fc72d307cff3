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
 * @param estimatedSize its result size, if known
 * @param webUrl        where users open it on the site
 * @param stepTree      how its steps are wired
 * @param steps         its steps by id
 */
public record StrategyView(long strategyId, String name, String description, @JsonProperty("isSaved") boolean isSaved,
                           String recordType, Long estimatedSize, String webUrl, StepNode stepTree,
                           Map<Long, StepView> steps) {
}
