package org.strategylab.evaluation.cv;

import org.strategylab.evaluation.model.ExperimentMetrics;

import java.util.List;

/**
 * Evaluates the experiment's search (or tree, or gene list) against a subset of the controls. The
 * experiment service plugs in an upstream-backed implementation; {@link GeneIdEvaluator} runs
 * gene-ID mode in process. A failure propagates: it is never turned into "0 hits".
 */
@FunctionalInterface
public interface Evaluator {
    /** Metrics of the same result against these (already normalised) control lists. */
    ExperimentMetrics evaluate(List<String> positives, List<String> negatives);
}
