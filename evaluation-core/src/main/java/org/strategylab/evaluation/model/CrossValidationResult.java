package org.strategylab.evaluation.model;

import java.util.List;
import java.util.Map;

/**
 * Cross-validation over the control lists (spec 2.2, 4.5.9; DECISIONS 14).
 *
 * @param k the number of folds actually used (after clamping)
 * @param seed the shuffle seed (extra field, echoed so a run can be repeated)
 * @param requestedK the k asked for (extra field); differs from {@code k} when the controls allowed fewer folds
 * @param warnings why fewer folds were used ({@code FEWER_FOLDS}) and {@code LOW_SAMPLE} (extra field)
 */
public record CrossValidationResult(int k, List<FoldMetrics> folds, ExperimentMetrics meanMetrics,
                                    Map<String, Double> stdMetrics, double overfittingScore,
                                    String overfittingLevel, long seed, int requestedK, List<SampleWarning> warnings) {
    public CrossValidationResult {
        folds = folds == null ? List.of() : List.copyOf(folds);
        stdMetrics = stdMetrics == null ? Map.of() : stdMetrics;
        overfittingLevel = overfittingLevel == null ? "low" : overfittingLevel;
        requestedK = requestedK <= 0 ? k : requestedK;
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** A result without caveats, k as requested. */
    public CrossValidationResult(int k, List<FoldMetrics> folds, ExperimentMetrics meanMetrics,
                                 Map<String, Double> stdMetrics, double overfittingScore, String overfittingLevel,
                                 long seed) {
        this(k, folds, meanMetrics, stdMetrics, overfittingScore, overfittingLevel, seed, k, List.of());
    }
}
