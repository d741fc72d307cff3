package org.strategylab.evaluation.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.metrics.ClassificationMetrics;
import org.strategylab.evaluation.metrics.GeneIdClassifier;
import org.strategylab.evaluation.model.ConfusionMatrix;
import org.strategylab.evaluation.model.ExperimentMetrics;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code metrics} command without Jackson databind, for a single call and for a batch line: a
 * single call's document is read by jackson-core's streaming parser straight into ID lists and
 * counts, a batch line by {@link MetricsRequestScanner}, and the answer is written by jackson-core's
 * generator (with the pretty printer {@code ObjectMapper.writerWithDefaultPrettyPrinter} uses, for a
 * single call), field by field in the record's order, so the text is the same as databind's.
 *
 * <p>Why: a single call is mostly start-up, and databind (its ~380 classes, the mapper's set-up, the
 * reflective record introspection with its proxies and generated accessors) was the largest part
 * of it that the computation does not need.
 *
 * <p>It answers only what it fully understands: a pure-ASCII document that is one object whose values
 * are integers or arrays of strings, each key once, and that evaluates without error. Anything else
 * (including every invalid input) gets {@code null}, and the caller takes the general path, which
 * gives the same answer or the same error message as before.
 */
final class LightMetrics {
    private static final JsonFactory FACTORY = new JsonFactory();

    private LightMetrics() {
    }

    /** The pretty-printed answer (without the final line break), or null to take the general path. */
    static String answer(byte[] document) {
        Map<String, Object> fields = read(document);
        if (fields == null) {
            return null;
        }
        try {
            ExperimentMetrics metrics = evaluate(fields);
            return metrics == null ? null : pretty(metrics);
        } catch (ValidationException | IOException e) {
            return null; // the general path reports it, in its own words
        }
    }

    /** Field name → {@code List<String>} or {@code Integer}; null for any other document. */
    private static Map<String, Object> read(byte[] document) {
        for (byte b : document) {
            if (b <= 0) { // not ASCII (negative as a signed byte), or a zero byte
                return null;
            }
        }
        Map<String, Object> fields = new HashMap<>();
        try (JsonParser parser = FACTORY.createParser(document)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                Object read;
                if (value == JsonToken.VALUE_NUMBER_INT && parser.getNumberType() == JsonParser.NumberType.INT) {
                    read = parser.getIntValue();
                } else if (value == JsonToken.START_ARRAY) {
                    List<String> strings = new ArrayList<>();
                    JsonToken element;
                    while ((element = parser.nextToken()) == JsonToken.VALUE_STRING) {
                        strings.add(parser.getText());
                    }
                    if (element != JsonToken.END_ARRAY) {
                        return null;
                    }
                    read = strings;
                } else {
                    return null;
                }
                if (fields.put(name, read) != null) {
                    return null; // a repeated key
                }
            }
            if (parser.currentToken() != JsonToken.END_OBJECT || parser.nextToken() != null) {
                return null;
            }
            return fields;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The compact answer line {@code {"id":…,"result":{…}}} to a batch line that
     * {@link MetricsRequestScanner} recognises, as the general path writes it; or null to take that path.
     */
    static String batchAnswer(byte[] line, int from, int length) {
        MetricsRequestScanner.Request request = MetricsRequestScanner.scan(line, from, length);
        if (request == null) {
            return null;
        }
        try {
            ExperimentMetrics metrics = evaluate(request.input());
            if (metrics == null) {
                return null;
            }
            StringWriter text = new StringWriter(1024);
            try (JsonGenerator out = FACTORY.createGenerator(text)) {
                out.writeStartObject();
                out.writeFieldName("id");
                if (request.id() instanceof Integer n) {
                    out.writeNumber(n);
                } else if (request.id() instanceof String s) {
                    out.writeString(s);
                } else {
                    out.writeNull();
                }
                out.writeFieldName("result");
                write(out, metrics);
                out.writeEndObject();
            }
            return text.toString();
        } catch (ValidationException | IOException e) {
            return null;
        }
    }

    /** The metrics as the general path computes them, or null when a field is missing or of another type. */
    private static ExperimentMetrics evaluate(Map<String, Object> fields) {
        if (fields.containsKey("resultIds")) {
            List<String> result = strings(fields, "resultIds");
            List<String> positives = strings(fields, "positiveControls");
            Object negatives = fields.get("negativeControls");
            if (result == null || positives == null || !(negatives == null || negatives instanceof List<?>)) {
                return null;
            }
            @SuppressWarnings("unchecked")
            List<String> negativeList = (List<String>) negatives;
            return GeneIdClassifier.metrics(result, ControlSets.of(positives, negativeList));
        }
        Integer positiveHits = count(fields, "positiveHits");
        Integer totalPositives = count(fields, "totalPositives");
        Integer negativeHits = count(fields, "negativeHits");
        Integer totalNegatives = count(fields, "totalNegatives");
        Object totalResults = fields.get("totalResults");
        if (positiveHits == null || totalPositives == null || negativeHits == null || totalNegatives == null
                || !(totalResults == null || totalResults instanceof Integer)) {
            return null;
        }
        return ClassificationMetrics.fromCounts(positiveHits, totalPositives, negativeHits, totalNegatives,
                totalResults == null ? 0 : (Integer) totalResults);
    }

    @SuppressWarnings("unchecked")
    private static List<String> strings(Map<String, Object> fields, String name) {
        return fields.get(name) instanceof List<?> list ? (List<String>) list : null;
    }

    /** A count that is present, an integer and not negative; else null. */
    private static Integer count(Map<String, Object> fields, String name) {
        return fields.get(name) instanceof Integer n && n >= 0 ? n : null;
    }

    /** As {@code EvaluationJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(metrics)}. */
    static String pretty(ExperimentMetrics m) throws IOException {
        StringWriter text = new StringWriter(1024);
        try (JsonGenerator out = FACTORY.createGenerator(text)) {
            out.setPrettyPrinter(new DefaultPrettyPrinter());
            write(out, m);
        }
        return text.toString();
    }

    /** The metrics object, field by field, as {@code EvaluationJson} writes them (absent classes' metrics null). */
    private static void write(JsonGenerator out, ExperimentMetrics m) throws IOException {
        out.writeStartObject();
        ConfusionMatrix c = m.confusionMatrix();
        out.writeFieldName("confusionMatrix");
        if (c == null) {
            out.writeNull();
        } else {
            out.writeStartObject();
            out.writeNumberField("truePositives", c.truePositives());
            out.writeNumberField("falsePositives", c.falsePositives());
            out.writeNumberField("trueNegatives", c.trueNegatives());
            out.writeNumberField("falseNegatives", c.falseNegatives());
            out.writeEndObject();
        }
        java.util.Map<String, String> absent = m.absentClassMetrics();
        for (String name : ExperimentMetrics.RATIO_NAMES) {
            if (absent.containsKey(name)) {
                out.writeNullField(name); // a metric of a class of controls there is not (EvaluationJson)
            } else {
                ratio(out, name, m.ratio(name));
            }
        }
        out.writeNumberField("totalResults", m.totalResults());
        out.writeNumberField("totalPositives", m.totalPositives());
        out.writeNumberField("totalNegatives", m.totalNegatives());
        out.writeFieldName("undefinedMetrics");
        out.writeStartArray();
        for (String name : m.undefinedMetrics()) {
            out.writeString(name);
        }
        out.writeEndArray();
        out.writeFieldName("undefinedReasons");
        out.writeStartObject();
        for (java.util.Map.Entry<String, String> reason : m.undefinedReasons().entrySet()) {
            out.writeStringField(reason.getKey(), reason.getValue());
        }
        out.writeEndObject();
        out.writeEndObject();
    }

    /** A primitive double as {@code EvaluationJson} writes it: a non-finite value as 0.0. */
    private static void ratio(JsonGenerator out, String name, double value) throws IOException {
        out.writeNumberField(name, Double.isFinite(value) ? value : 0.0);
    }
}
