package org.strategylab.evaluation.optimization;

import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.metrics.ClassificationMetrics;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.evaluation.model.RankMetrics;
import org.strategylab.evaluation.rank.RankMetricsCalculator;
import org.strategylab.evaluation.stepanalysis.TreeEvaluation;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A tree-optimisation objective (DECISIONS 16). Rank objectives {@code precision_at_K},
 * {@code recall_at_K}, {@code enrichment_at_K} honour K and are computed from the trial's ordered
 * IDs; classification objectives ({@code sensitivity}/{@code recall}, {@code specificity},
 * {@code precision}, {@code f1}, {@code mcc}, {@code balanced_accuracy}, {@code youdens_j}) from its
 * counts. Unknown names are a validation error, never a silent fallback.
 */
public record Objective(String name, String metric, Integer k) {
    private static final Pattern RANK = Pattern.compile("^(precision|recall|enrichment)_at_(\\d+)$");
    private static final List<String> CLASSIFICATION = List.of("sensitivity", "recall", "specificity", "precision",
            "f1", "f1_score", "mcc", "balanced_accuracy", "youdens_j");

    /** The spec's default objective. */
    public static final String DEFAULT = "precision_at_50";

    /** Parses an objective name. */
    public static Objective parse(String name) {
        String n = name == null ? DEFAULT : name.trim().toLowerCase(Locale.ROOT);
        Matcher m = RANK.matcher(n);
        if (m.matches()) {
            int k = Integer.parseInt(m.group(2));
            if (k < 1) {
                throw new ValidationException("objective", "K must be ≥ 1");
            }
            return new Objective(n, m.group(1), k);
        }
        if (CLASSIFICATION.contains(n)) {
            return new Objective(n, n, null);
        }
        throw new ValidationException("objective", "unknown objective '" + name + "'; use precision_at_K, recall_at_K, "
                + "enrichment_at_K or one of " + CLASSIFICATION);
    }

    /** Whether the score needs the trial's ordered IDs. */
    public boolean isRank() {
        return k != null;
    }

    /** The score of one evaluated tree. */
    public double score(TreeEvaluation e, ControlSets controls) {
        if (isRank()) {
            if (e.orderedIds() == null) {
                throw new IllegalStateException("objective " + name + " needs the trial's ordered IDs");
            }
            RankMetrics r = RankMetricsCalculator.compute(e.orderedIds(), controls, List.of(k));
            return switch (metric) {
                case "precision" -> r.precisionAtK().getOrDefault(k, 0.0);
                case "recall" -> r.recallAtK().getOrDefault(k, 0.0);
                default -> r.enrichmentAtK().getOrDefault(k, 0.0);
            };
        }
        ExperimentMetrics m = ClassificationMetrics.fromCounts(e.positiveHits(), e.positiveTotal(), e.negativeHits(),
                e.negativeTotal(), e.resultCount());
        return switch (metric) {
            case "sensitivity", "recall" -> m.sensitivity();
            case "specificity" -> m.specificity();
            case "precision" -> m.precision();
            case "f1", "f1_score" -> m.f1Score();
            case "mcc" -> m.mcc();
            case "balanced_accuracy" -> m.balancedAccuracy();
            default -> m.youdensJ();
        };
    }
}
