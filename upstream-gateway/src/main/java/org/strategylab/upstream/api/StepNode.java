package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A built step tree: the upstream step ids and how they are wired (WDK's {@code stepTree} shape).
 *
 * @param stepId         the step
 * @param primaryInput   its primary input, if any
 * @param secondaryInput its secondary input, if any
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StepNode(long stepId, StepNode primaryInput, StepNode secondaryInput) {

    /** A leaf. */
    public static StepNode leaf(long stepId) {
        return new StepNode(stepId, null, null);
    }
}
