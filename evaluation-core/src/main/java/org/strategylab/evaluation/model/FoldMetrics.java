package org.strategylab.evaluation.model;

import java.util.List;

/** One held-out cross-validation fold (spec 2.2). */
public record FoldMetrics(int foldIndex, ExperimentMetrics metrics,
                          List<String> positiveControlIds, List<String> negativeControlIds) {
    public FoldMetrics {
        positiveControlIds = positiveControlIds == null ? List.of() : List.copyOf(positiveControlIds);
        negativeControlIds = negativeControlIds == null ? List.of() : List.copyOf(negativeControlIds);
    }
}
