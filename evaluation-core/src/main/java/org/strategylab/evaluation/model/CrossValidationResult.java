package org.strategylab.evaluation.model;

import java.util.List;
import java.util.Map;

/**
 * Cross-validation over the control lists (spec 2.2, 4.5.9; DECISIONS 14).
 *
 * @param k the number of folds actually used (after clamping)
 * @param seed the shuffle seed (extra field, echoed so a run can be repeated)
 */
public record CrossValidationResult(int k, List<FoldMetrics> folds, ExperimentMetrics meanMetrics,
                                    Map<String, Double> stdMetrics, double overfittingScore,
                                    String overfittingLevel, long seed) {
    public CrossValidationResult {
        folds = folds == null ? List.of() : List.copyOf(folds);
        stdMetrics = stdMetrics == null ? Map.of() : stdMetrics;
        overfittingLevel = overfittingLevel == null ? "low" : overfittingLevel;
    }
}
