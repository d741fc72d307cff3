package org.strategylab.evaluation.metrics;

import org.strategylab.evaluation.model.ExperimentMetrics;

import java.util.List;

/**
 * A result list matched against the controls in process (gene-ID mode, rule 4.5.1): the metrics and
 * the four gene lists in full (never truncated; evaluation-semantics 1.5).
 */
public record GeneIdEvaluation(ExperimentMetrics metrics, List<String> truePositiveIds,
                               List<String> falseNegativeIds, List<String> falsePositiveIds,
                               List<String> trueNegativeIds) {
}
