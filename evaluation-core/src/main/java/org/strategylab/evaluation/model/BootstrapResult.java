package org.strategylab.evaluation.model;

import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.util.List;
import java.util.Map;

/**
 * Bootstrap robustness (spec 2.2, 4.5.12; DECISIONS 13). {@code metricCis} keys are metric field
 * names ({@code sensitivity}, {@code f1Score} …); {@code rankMetricCis} keys are
 * {@code precision_at_K}, {@code recall_at_K}, {@code enrichment_at_K}. {@code seed} is echoed.
 *
 * @param undefinedMetricCis the metrics of {@code metricCis} that need a class of controls the
 *                           experiment does not have (specificity without negatives), with the reason:
 *                           their interval is PathFinder's 0–0 in Java and {@code null} on the wire
 * @param warnings {@code LOW_SAMPLE} when the intervals are resampled from few controls (extra field)
 */
@JsonSerialize(converter = BootstrapResultWire.BootstrapOnTheWire.class)
public record BootstrapResult(int nIterations, long seed, Map<String, ConfidenceInterval> metricCis,
                              Map<String, ConfidenceInterval> rankMetricCis, double topKStability,
                              List<NegativeSetVariant> negativeSetSensitivity, Map<String, String> undefinedMetricCis,
                              List<SampleWarning> warnings) {
    /** A result without caveats. */
    public BootstrapResult(int nIterations, long seed, Map<String, ConfidenceInterval> metricCis,
                           Map<String, ConfidenceInterval> rankMetricCis, double topKStability,
                           List<NegativeSetVariant> negativeSetSensitivity, Map<String, String> undefinedMetricCis) {
        this(nIterations, seed, metricCis, rankMetricCis, topKStability, negativeSetSensitivity, undefinedMetricCis,
                List.of());
    }

    public BootstrapResult {
        metricCis = metricCis == null ? Map.of() : withoutNulls(metricCis);
        rankMetricCis = rankMetricCis == null ? Map.of() : rankMetricCis;
        negativeSetSensitivity = negativeSetSensitivity == null ? List.of() : List.copyOf(negativeSetSensitivity);
        undefinedMetricCis = undefinedMetricCis == null ? Map.of() : Map.copyOf(undefinedMetricCis);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** Read back, an absent class's interval is {@code null}: it has none, not a 0–0 one. */
    private static Map<String, ConfidenceInterval> withoutNulls(Map<String, ConfidenceInterval> cis) {
        if (!cis.containsValue(null)) {
            return cis;
        }
        Map<String, ConfidenceInterval> kept = new java.util.LinkedHashMap<>();
        cis.forEach((name, ci) -> {
            if (ci != null) {
                kept.put(name, ci);
            }
        });
        return kept;
    }
}
