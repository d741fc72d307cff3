package org.strategylab.evaluation.model;

import java.util.Map;

/**
 * One tree-optimisation trial (spec 2.4). Extra {@code status}: {@code complete}, {@code rejected}
 * (list larger than {@code maxListSize}; score 0) or {@code failed} (evaluation threw; score 0,
 * {@code error} set). Every trial is recorded (DECISIONS 16).
 */
public record TreeOptimizationTrial(int trialNumber, Map<String, Object> parameters, double score,
                                    RankMetrics rankMetrics, int listSize, String status, String error) {
}
