package org.strategylab.evaluation.model;

/**
 * The four cells of a confusion matrix against the control lists (spec 2.2). TN counts negative
 * controls not returned, not "genome minus result": every specificity-type number is relative to
 * the control lists.
 */
public record ConfusionMatrix(int truePositives, int falsePositives, int trueNegatives, int falseNegatives) {
}
