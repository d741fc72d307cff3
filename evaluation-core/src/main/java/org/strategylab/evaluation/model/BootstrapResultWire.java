package org.strategylab.evaluation.model;

import com.fasterxml.jackson.databind.util.StdConverter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link BootstrapResult} as the API writes it: the interval of a metric whose control class is
 * absent is {@code null}, never 0–0. The record is annotated with this converter.
 */
public final class BootstrapResultWire {

    private BootstrapResultWire() {
    }

    /** The bootstrap as the API writes it: the interval of an absent class's metric is null. */
    public static final class BootstrapOnTheWire extends StdConverter<BootstrapResult, BootstrapJson> {
        @Override
        public BootstrapJson convert(BootstrapResult b) {
            Map<String, ConfidenceInterval> cis = new LinkedHashMap<>(b.metricCis());
            b.undefinedMetricCis().keySet().forEach(name -> cis.put(name, null));
            return new BootstrapJson(b.nIterations(), b.seed(), cis, b.rankMetricCis(), b.topKStability(),
                    b.negativeSetSensitivity(), b.undefinedMetricCis(), b.warnings());
        }
    }

    /** {@link BootstrapResult} on the wire. */
    public record BootstrapJson(int nIterations, long seed, Map<String, ConfidenceInterval> metricCis,
                         Map<String, ConfidenceInterval> rankMetricCis, double topKStability,
                         List<NegativeSetVariant> negativeSetSensitivity, Map<String, String> undefinedMetricCis,
                         List<SampleWarning> warnings) {
    }
}
