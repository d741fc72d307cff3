package org.strategylab.upstream.api;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;

/**
 * A step, or a step tree, to count on a site without leaving a strategy in the user's account: a
 * lone search is counted by WDK's anonymous report (no step, no strategy); any other tree is built in
 * a helper strategy (hidden by its internal name) that is deleted right after, or by the clean-up of
 * leaked helpers if that fails.
 *
 * @param recordType the record type of the tree (default {@code transcript})
 * @param tree       the step or tree to count: search, transform and combine nodes (an existing step,
 *                   {@code stepId}, is refused: deleting the helper strategy would delete it too)
 */
public record StepCountRequest(String recordType, @NotNull @Valid StepTreeSpec tree) {
}
