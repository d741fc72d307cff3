package org.strategylab.evaluation.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.util.StdConverter;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.strategylab.evaluation.model.BootstrapResult;
import org.strategylab.evaluation.model.SampleWarning;
import org.strategylab.evaluation.model.ConfidenceInterval;
import org.strategylab.evaluation.model.ConfusionMatrix;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.evaluation.model.NegativeSetVariant;

/**
 * The JSON conventions of the evaluation types: record component names as camelCase keys, unknown
 * input fields ignored, and non-finite numbers replaced before they reach the wire (spec 4.5.15):
 * a primitive {@code double} becomes its default 0.0, a nullable {@code Double} becomes null.
 * {@link ExperimentMetrics} are written with {@code null} for a metric that needs a class of controls
 * the experiment does not have, and {@code undefinedReasons} saying why each undefined metric is;
 * a {@link BootstrapResult}'s interval of such a metric is {@code null} (never 0–0). Those two are
 * annotated with the converters below, so any Jackson mapper (a service's own) writes them so.
 */
public final class EvaluationJson {
    private static final ObjectMapper MAPPER = configure(JsonMapper.builder().build());

    private EvaluationJson() {
    }

    /** The shared, thread-safe mapper. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** Applies the evaluation conventions to a caller's mapper (e.g. a Quarkus ObjectMapperCustomizer). */
    public static ObjectMapper configure(ObjectMapper mapper) {
        SimpleModule module = new SimpleModule("strategylab-evaluation");
        module.addSerializer(Double.TYPE, new FiniteDouble(true));
        module.addSerializer(Double.class, new FiniteDouble(false));
        return mapper.registerModule(module)
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
                .configure(SerializationFeature.FAIL_ON_EMPTY_BEANS, false);
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

    /** Writes finite doubles unchanged; a non-finite one as 0.0 (primitive) or null (boxed). */
    private static final class FiniteDouble extends JsonSerializer<Double> {
        private final boolean primitive;

        FiniteDouble(boolean primitive) {
            this.primitive = primitive;
        }

        @Override
        public void serialize(Double value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            if (Double.isFinite(value)) {
                gen.writeNumber(value);
            } else if (primitive) {
                gen.writeNumber(0.0);
            } else {
                gen.writeNull();
            }
        }
    }
}
