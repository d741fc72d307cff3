package org.strategylab.evaluation.model;

/**
 * Metrics against one alternative negative set (spec 2.2). Rank metrics ignore negatives, so the
 * extra {@code metrics} (classification against this negative set) is what varies (DECISIONS 13).
 */
public record NegativeSetVariant(String label, RankMetrics rankMetrics, int negativeCount,
                                 ExperimentMetrics metrics) {
}
