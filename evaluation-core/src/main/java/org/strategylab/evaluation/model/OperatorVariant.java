package org.strategylab.evaluation.model;

/** The whole tree evaluated with one combine node's operator replaced (spec 2.3, phase 2). */
public record OperatorVariant(String operator, int positiveHits, int negativeHits, int totalResults,
                              double recall, double falsePositiveRate, double f1Score) {
}
