package org.strategylab.evaluation.model;

/**
 * A caveat on a result that rests on the controls (issue 38 item 6), e.g. {@code LOW_SAMPLE}.
 *
 * @param code    a stable machine-readable code
 * @param message the plain-language explanation shown beside the figures
 */
public record SampleWarning(String code, String message) {
}
