package org.strategylab.evaluation.model;

/** A percentile bootstrap interval with the replicates' mean and sample standard deviation. */
public record ConfidenceInterval(double lower, double mean, double upper, double std) {
    /** The all-zero interval of an empty sample. */
    public static final ConfidenceInterval EMPTY = new ConfidenceInterval(0, 0, 0, 0);
}
