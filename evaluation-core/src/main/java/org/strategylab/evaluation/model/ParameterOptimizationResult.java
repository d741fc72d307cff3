package org.strategylab.evaluation.model;

import java.util.List;
import java.util.Map;

/**
 * The outcome of a single-search parameter optimisation ({@code optimizationResult} of an
 * experiment, {@code api-contract.md} §6.2).
 *
 * @param status         {@code completed}, {@code cancelled} (stopped on request; the trials so far) or
 *                       {@code error} (every one of the first trials failed; {@code errorMessage} says why)
 * @param bestTrial      the first trial with the strictly highest score among completed ones, or null
 * @param paretoFrontier the completed trials no other trial beats on both recall (higher) and
 *                       false-positive rate (lower), by recall descending
 * @param sensitivity    each parameter's share of the score's variance explained by it alone
 *                       (correlation ratio η², normalised to sum 1; all 0 with fewer than 2 completed trials)
 * @param totalTrials    the budget the optimisation was given
 * @param stopReason     why it stopped before the budget ({@code target_reached}, {@code no_improvement}), or null
 */
public record ParameterOptimizationResult(String optimizationId, String status, ParameterTrial bestTrial,
                                          List<ParameterTrial> allTrials, List<ParameterTrial> paretoFrontier,
                                          Map<String, Double> sensitivity, double totalTimeSeconds, int totalTrials,
                                          String objective, String errorMessage, String stopReason) {

    public ParameterOptimizationResult {
        allTrials = allTrials == null ? List.of() : List.copyOf(allTrials);
        paretoFrontier = paretoFrontier == null ? List.of() : List.copyOf(paretoFrontier);
        sensitivity = sensitivity == null ? Map.of() : java.util.Collections.unmodifiableMap(
                new java.util.LinkedHashMap<>(sensitivity));
    }

    /** The same result under the id its caller gave the optimisation. */
    public ParameterOptimizationResult withOptimizationId(String id) {
        return new ParameterOptimizationResult(id, status, bestTrial, allTrials, paretoFrontier, sensitivity,
                totalTimeSeconds, totalTrials, objective, errorMessage, stopReason);
    }
}
