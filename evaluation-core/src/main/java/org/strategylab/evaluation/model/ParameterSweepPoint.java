package org.strategylab.evaluation.model;

/** One value of a numeric parameter sweep, whole tree evaluated (spec 2.3, phase 4). */
public record ParameterSweepPoint(double value, int positiveHits, int negativeHits, int totalResults,
                                  double recall, double fpr, double f1) {
}
