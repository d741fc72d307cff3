package org.strategylab.evaluation.stepanalysis;

/**
 * A numeric parameter a leaf search declares upstream: the declared range (null when not declared),
 * the value in use (null: unknown) and whether it takes integers.
 */
public record NumericParameter(String name, Double min, Double max, Double current, boolean integer) {
}
