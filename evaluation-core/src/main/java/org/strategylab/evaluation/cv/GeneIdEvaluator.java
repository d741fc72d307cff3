package org.strategylab.evaluation.cv;

import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.metrics.GeneIdClassifier;
import org.strategylab.evaluation.model.ExperimentMetrics;

import java.util.List;

/** Gene-ID mode evaluation (rule 4.5.1): one fixed result list against any control subset. */
public final class GeneIdEvaluator implements Evaluator {
    private final List<String> resultIds;

    public GeneIdEvaluator(List<String> resultIds) {
        this.resultIds = List.copyOf(resultIds);
    }

    @Override
    public ExperimentMetrics evaluate(List<String> positives, List<String> negatives) {
        return GeneIdClassifier.metrics(resultIds, ControlSets.of(positives, negatives));
    }
}
