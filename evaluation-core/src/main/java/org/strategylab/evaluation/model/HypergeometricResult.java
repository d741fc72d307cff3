package org.strategylab.evaluation.model;

/**
 * An upper-tail hypergeometric test. {@code pValue} is the exact P(X ≥ observed) and
 * {@code logPValue} its natural log (finite even where {@code pValue} underflows to 0);
 * {@code pValueNormalApprox} is the spec's normal approximation (rule 4.5.13, DECISIONS 11).
 */
public record HypergeometricResult(double pValue, double logPValue, double pValueNormalApprox) {
}
