package org.strategylab.evaluation.model;

import java.util.List;

/**
 * Classification metrics of a result against the control lists (spec 2.2). A ratio whose
 * denominator is zero is reported as 0.0 (the spec's and PathFinder's convention) and its name is
 * listed in {@code undefinedMetrics} so a reader can show "n/a" instead (DECISIONS 10).
 *
 * @param undefinedMetrics names (as the field names) of metrics whose value is a zero-denominator 0.0
 */
public record ExperimentMetrics(
        ConfusionMatrix confusionMatrix,
        double sensitivity,
        double specificity,
        double precision,
        double f1Score,
        double mcc,
        double balancedAccuracy,
        double negativePredictiveValue,
        double falsePositiveRate,
        double falseNegativeRate,
        double youdensJ,
        int totalResults,
        int totalPositives,
        int totalNegatives,
        List<String> undefinedMetrics) {

    /** The floating-point metric names, in field order. */
    public static final List<String> RATIO_NAMES = List.of(
            "sensitivity", "specificity", "precision", "f1Score", "mcc", "balancedAccuracy",
            "negativePredictiveValue", "falsePositiveRate", "falseNegativeRate", "youdensJ");

    public ExperimentMetrics {
        undefinedMetrics = undefinedMetrics == null ? List.of() : List.copyOf(undefinedMetrics);
    }

    /**
     * The value of a ratio metric by its field name.
     *
     * @throws IllegalArgumentException for a name not in {@link #RATIO_NAMES}
     */
    public double ratio(String name) {
        return switch (name) {
            case "sensitivity" -> sensitivity;
            case "specificity" -> specificity;
            case "precision" -> precision;
            case "f1Score" -> f1Score;
            case "mcc" -> mcc;
            case "balancedAccuracy" -> balancedAccuracy;
            case "negativePredictiveValue" -> negativePredictiveValue;
            case "falsePositiveRate" -> falsePositiveRate;
            case "falseNegativeRate" -> falseNegativeRate;
            case "youdensJ" -> youdensJ;
            default -> throw new IllegalArgumentException("unknown metric: " + name);
        };
    }

    /** Whether the named metric had a zero denominator. */
    public boolean isUndefined(String name) {
        return undefinedMetrics.contains(name);
    }
}
