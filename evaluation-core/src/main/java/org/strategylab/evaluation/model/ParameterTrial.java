package org.strategylab.evaluation.model;

import java.util.Map;

/**
 * One trial of a single-search parameter optimisation ({@code api-contract.md} §5.8 trial object).
 * {@code parameters} maps each optimised parameter to its value (a number for numeric and integer
 * parameters, a string for categorical ones). The counts are null for a failed trial.
 *
 * @param status {@code complete} or {@code failed} (the evaluation threw; score 0, {@code error} set)
 */
public record ParameterTrial(int trialNumber, Map<String, Object> parameters, double score, Double recall,
                             Double falsePositiveRate, Integer resultCount, Integer positiveHits,
                             Integer negativeHits, Integer totalPositives, Integer totalNegatives, String status,
                             String error) {

    public static final String COMPLETE = "complete";
    public static final String FAILED = "failed";

    public boolean complete() {
        return COMPLETE.equals(status);
    }

    /** The same outcome recorded as another trial (identical parameters are evaluated once). */
    public ParameterTrial renumbered(int number) {
        return new ParameterTrial(number, parameters, score, recall, falsePositiveRate, resultCount, positiveHits,
                negativeHits, totalPositives, totalNegatives, status, error);
    }
}
