package org.strategylab.upstream.api;

/**
 * A filter a search's results can take, as the site describes it (its catalogue entry's
 * {@code filters}). View-only filters apply to one report and cannot be kept on a step.
 *
 * @param name        the filter's name, as a {@link StepFilter} names it
 * @param displayName its label
 * @param description what it keeps, and on the simulator the shape of its value
 * @param isViewOnly  whether it applies only to a report, never to a step
 */
public record SearchFilter(String name, String displayName, String description, boolean isViewOnly) {
}
