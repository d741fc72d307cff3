package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * WDK's verdict on a step ({@code validation} of the step JSON, upstream-wdk.md §3.5): a step whose
 * search or values the site no longer accepts (after a release, say) is not valid and will not run.
 *
 * @param level   how far the step validated: {@code NONE}, {@code SYNTACTIC}, {@code SEMANTIC}
 *                (parameters fine, inputs not wired) or {@code RUNNABLE}
 * @param isValid whether the site accepts the step
 * @param general the site's messages about the whole step, if any
 * @param byKey   the site's messages per parameter, if any
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record StepValidation(String level, @JsonProperty("isValid") boolean isValid, List<String> general,
                             Map<String, List<String>> byKey) {
}
