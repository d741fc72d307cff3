package org.strategylab.evaluation.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.util.StdConverter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link ExperimentMetrics} as the API writes and reads them: a metric that needs a class of
 * controls the experiment does not have is {@code null}, never 0, with {@code undefinedReasons}
 * saying why. The record is annotated with these converters, so any Jackson mapper (a service's
 * own) writes it so; they live beside the model they shape, so the model needs no other package.
 */
public final class ExperimentMetricsWire {

    private ExperimentMetricsWire() {
    }

    /** The metrics as the API writes them: a metric of an absent control class is null, never 0. */
    public static final class MetricsOnTheWire extends StdConverter<ExperimentMetrics, MetricsJson> {
        @Override
        public MetricsJson convert(ExperimentMetrics m) {
            Map<String, String> absent = m.absentClassMetrics();
            Map<String, Double> ratios = new LinkedHashMap<>();
            for (String name : ExperimentMetrics.RATIO_NAMES) {
                ratios.put(name, absent.containsKey(name) ? null : m.ratio(name));
            }
            return new MetricsJson(m.confusionMatrix(), ratios.get("sensitivity"), ratios.get("specificity"),
                    ratios.get("precision"), ratios.get("f1Score"), ratios.get("mcc"), ratios.get("balancedAccuracy"),
                    ratios.get("negativePredictiveValue"), ratios.get("falsePositiveRate"),
                    ratios.get("falseNegativeRate"), ratios.get("youdensJ"), m.totalResults(), m.totalPositives(),
                    m.totalNegatives(), m.undefinedMetrics(), m.undefinedReasons(), m.totalTranscripts());
        }
    }

    /**
     * Metrics read back (stored results): a null ratio gets the spec's value again, 0.0, except the
     * two sums of other ratios (balanced accuracy, Youden's J), so a record survives the round trip.
     */
    public static final class MetricsFromTheWire extends StdConverter<MetricsJson, ExperimentMetrics> {
        @Override
        public ExperimentMetrics convert(MetricsJson j) {
            double sensitivity = orZero(j.sensitivity());
            double specificity = orZero(j.specificity());
            return new ExperimentMetrics(j.confusionMatrix(), sensitivity, specificity, orZero(j.precision()),
                    orZero(j.f1Score()), orZero(j.mcc()),
                    j.balancedAccuracy() != null ? j.balancedAccuracy() : (sensitivity + specificity) / 2,
                    orZero(j.negativePredictiveValue()), orZero(j.falsePositiveRate()), orZero(j.falseNegativeRate()),
                    j.youdensJ() != null ? j.youdensJ() : sensitivity + specificity - 1, j.totalResults(),
                    j.totalPositives(), j.totalNegatives(), j.undefinedMetrics(), j.totalTranscripts());
        }

        private static double orZero(Double value) {
            return value == null ? 0.0 : value;
        }
    }

    /**
     * {@link ExperimentMetrics} on the wire; {@code totalTranscripts} is left out when unknown, so a
     * gene list's metrics read exactly as before.
     */
    public record MetricsJson(ConfusionMatrix confusionMatrix, Double sensitivity, Double specificity, Double precision,
                       Double f1Score, Double mcc, Double balancedAccuracy, Double negativePredictiveValue,
                       Double falsePositiveRate, Double falseNegativeRate, Double youdensJ, int totalResults,
                       int totalPositives, int totalNegatives, List<String> undefinedMetrics,
                       Map<String, String> undefinedReasons,
                       @JsonInclude(JsonInclude.Include.NON_NULL)
                       Integer totalTranscripts) {
    }
}
