package org.strategylab.evaluation.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;

import java.io.IOException;

/**
 * The JSON conventions of the evaluation types: record component names as camelCase keys, unknown
 * input fields ignored, and non-finite numbers replaced before they reach the wire (spec 4.5.15):
 * a primitive {@code double} becomes its default 0.0, a nullable {@code Double} becomes null.
 * How {@code ExperimentMetrics} and {@code BootstrapResult} are written is their own
 * ({@code model.ExperimentMetricsWire}, {@code model.BootstrapResultWire}), so any Jackson mapper
 * writes them so.
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
