package org.strategylab.evaluation.model;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Classification metrics of a result against the control lists (spec 2.2). A ratio whose
 * denominator is zero is reported as 0.0 (the spec's and PathFinder's convention) and its name is
 * listed in {@code undefinedMetrics} so a reader can show "n/a" instead (DECISIONS 10).
 *
 * <p>A metric that needs a class of controls the experiment does not have (specificity without
 * negative controls, sensitivity without positive ones: {@link #NEEDS_NEGATIVES},
 * {@link #NEEDS_POSITIVES}) is no measurement at all: on the wire ({@code EvaluationJson}) it is
 * {@code null}, and {@link #undefinedReasons()} says why for every undefined metric. The Java value
 * stays the 0.0 of the spec, so numbers computed from it agree with PathFinder.
 *
 * <p>Counts are genes (issue 38 item 2): {@code totalResults} is the number of genes in the result
 * (for a transcript record class, WDK's display count, not its transcript rows). Where the site
 * states both, {@code totalTranscripts} is the number of transcript rows beside it; it is null when
 * the result is not of transcripts (a gene-ID list) or the site gave only one count.
 *
 * @param totalResults     the result's size in genes
 * @param undefinedMetrics names (as the field names) of metrics whose value is a zero-denominator 0.0
 * @param totalTranscripts the result's transcript rows, where the site gives them beside the genes; else null
 */
@JsonSerialize(converter = ExperimentMetricsWire.MetricsOnTheWire.class)
@JsonDeserialize(converter = ExperimentMetricsWire.MetricsFromTheWire.class)
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
        List<String> undefinedMetrics,
        Integer totalTranscripts) {

    /** The floating-point metric names, in field order. */
    public static final List<String> RATIO_NAMES = List.of(
            "sensitivity", "specificity", "precision", "f1Score", "mcc", "balancedAccuracy",
            "negativePredictiveValue", "falsePositiveRate", "falseNegativeRate", "youdensJ");

    /** The metrics that mean nothing without negative controls (TN + FP = 0). */
    public static final List<String> NEEDS_NEGATIVES = List.of("specificity", "mcc", "balancedAccuracy",
            "negativePredictiveValue", "falsePositiveRate", "youdensJ");

    /** The metrics that mean nothing without positive controls (TP + FN = 0). */
    public static final List<String> NEEDS_POSITIVES = List.of("sensitivity", "precision", "f1Score", "mcc",
            "balancedAccuracy", "falseNegativeRate", "youdensJ");

    /** Why a metric is undefined when there are no negative controls. */
    public static final String NO_NEGATIVES = "no negative controls";

    /** Why a metric is undefined when there are no positive controls. */
    public static final String NO_POSITIVES = "no positive controls";

    public ExperimentMetrics {
        undefinedMetrics = undefinedMetrics == null ? List.of() : List.copyOf(undefinedMetrics);
    }

    /** Metrics without a transcript count (gene lists, and every count that is not a site's result). */
    public ExperimentMetrics(ConfusionMatrix confusionMatrix, double sensitivity, double specificity, double precision,
                             double f1Score, double mcc, double balancedAccuracy, double negativePredictiveValue,
                             double falsePositiveRate, double falseNegativeRate, double youdensJ, int totalResults,
                             int totalPositives, int totalNegatives, List<String> undefinedMetrics) {
        this(confusionMatrix, sensitivity, specificity, precision, f1Score, mcc, balancedAccuracy,
                negativePredictiveValue, falsePositiveRate, falseNegativeRate, youdensJ, totalResults, totalPositives,
                totalNegatives, undefinedMetrics, null);
    }

    /**
     * These metrics with the result's transcript rows beside its genes; {@code transcripts} is kept
     * only when it is known (non-negative), else the field stays null.
     */
    public ExperimentMetrics withTotalTranscripts(long transcripts) {
        Integer value = transcripts < 0 ? null : (int) Math.min(Integer.MAX_VALUE, transcripts);
        return new ExperimentMetrics(confusionMatrix, sensitivity, specificity, precision, f1Score, mcc,
                balancedAccuracy, negativePredictiveValue, falsePositiveRate, falseNegativeRate, youdensJ, totalResults,
                totalPositives, totalNegatives, undefinedMetrics, value);
    }

    /** Whether the result has more transcript rows than genes (some gene has several transcripts). */
    public boolean transcriptsDiffer() {
        return totalTranscripts != null && totalTranscripts != totalResults;
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

    /**
     * The metrics that need a class of controls this experiment does not have, with the reason
     * ({@link #NO_POSITIVES} or {@link #NO_NEGATIVES}); they are written as {@code null}.
     */
    public Map<String, String> absentClassMetrics() {
        Map<String, String> absent = new LinkedHashMap<>();
        if (totalPositives == 0) {
            NEEDS_POSITIVES.forEach(name -> absent.put(name, NO_POSITIVES));
        }
        if (totalNegatives == 0) {
            NEEDS_NEGATIVES.forEach(name -> absent.putIfAbsent(name, NO_NEGATIVES));
        }
        return absent;
    }

    /**
     * Why each metric of {@code undefinedMetrics} (and each of {@link #absentClassMetrics()}) has no
     * value: a class of controls is missing, no control is in the result, or every control is.
     */
    public Map<String, String> undefinedReasons() {
        Map<String, String> reasons = new LinkedHashMap<>(absentClassMetrics());
        ConfusionMatrix m = confusionMatrix;
        for (String name : undefinedMetrics) {
            if (!reasons.containsKey(name)) {
                reasons.put(name, m != null && m.truePositives() + m.falsePositives() == 0
                        ? "no control is in the result" : "every control is in the result");
            }
        }
        return reasons;
    }
}
