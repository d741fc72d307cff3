package org.strategylab.upstream.service.steps;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.upstream.api.ResultRecord;
import org.strategylab.upstream.api.StepValidation;
import org.strategylab.upstream.api.StepView;
import org.strategylab.upstream.client.ValidationBundle;
import org.strategylab.upstream.client.WdkResponse;

/**
 * Reads WDK answers about things a caller named. A 403 or 404 for a step or strategy id means it
 * is not the caller's (or gone): both are our 404, so nobody learns whether someone else's exists
 * (DECISIONS.md item 4). Other unusable answers fail as upstream failures (502).
 */
public final class UpstreamAnswers {

    private UpstreamAnswers() {
    }

    /** The answer if it is 2xx; 403/404 is a 404 {@code code} problem. */
    static WdkResponse found(WdkResponse response, String code, String what) {
        if (response.status() == 403 || response.status() == 404) {
            throw ProblemException.notFound(code, what + " does not exist on site '" + response.siteId() + "'");
        }
        return response.requireOk();
    }

    /** A step id the caller named. */
    public static WdkResponse step(WdkResponse response, long stepId) {
        return found(response, "STEP_NOT_FOUND", "Step " + stepId);
    }

    /** A strategy id the caller named. */
    public static WdkResponse strategy(WdkResponse response, long strategyId) {
        return found(response, "STRATEGY_NOT_FOUND", "Strategy " + strategyId);
    }

    /** A 422 with WDK's general validation messages, pointing at {@code pointer}. */
    public static ProblemException rejected(String detail, WdkResponse response, String pointer) {
        ValidationBundle bundle = response.validationBundle();
        List<FieldError> errors = new java.util.ArrayList<>();
        bundle.byKey().forEach((key, messages) -> errors.add(new FieldError(pointer + "/" + key, String.join("; ", messages))));
        bundle.general().forEach(m -> errors.add(new FieldError(pointer, m)));
        if (errors.isEmpty()) {
            errors.add(new FieldError(pointer, "the site rejected it"));
        }
        return ProblemException.invalid(detail, errors);
    }

    /** A step's JSON as a view. */
    public static StepView stepView(JsonNode step) {
        Map<String, String> parameters = new LinkedHashMap<>();
        step.path("searchConfig").path("parameters").fields()
                .forEachRemaining(e -> parameters.put(e.getKey(), e.getValue().asText()));
        JsonNode filters = step.path("searchConfig").path("filters");
        return new StepView(step.path("id").asLong(), step.path("searchName").asText(null),
                step.path("recordClassName").asText(null), step.path("customName").asText(null),
                step.path("displayName").asText(null), parameters, filters.isMissingNode() ? null : filters,
                longOrNull(step.get("strategyId")), sizeOrNull(step.get("estimatedSize")), validation(step.get("validation")));
    }

    /** A step's {@code validation} as WDK gives it ({@code {level, isValid, errors:{general, byKey}}}), or null. */
    static StepValidation validation(JsonNode validation) {
        if (validation == null || !validation.isObject()) {
            return null;
        }
        List<String> general = new ArrayList<>();
        validation.path("errors").path("general").forEach(message -> general.add(message.asText()));
        Map<String, List<String>> byKey = new LinkedHashMap<>();
        validation.path("errors").path("byKey").fields().forEachRemaining(e -> {
            List<String> messages = new ArrayList<>();
            e.getValue().forEach(message -> messages.add(message.asText()));
            byKey.put(e.getKey(), messages);
        });
        // a bundle without isValid is a broken answer: report the step as not valid rather than as fine
        return new StepValidation(validation.path("level").asText(null), validation.path("isValid").asBoolean(false),
                general, byKey);
    }

    /** A result size; WDK's "not computed" (−1, or any negative) is null. */
    public static Long sizeOrNull(JsonNode value) {
        Long size = longOrNull(value);
        return size == null || size < 0 ? null : size;
    }

    /** A record of a standard report or a single-record read. */
    static ResultRecord record(JsonNode record) {
        Map<String, String> key = new LinkedHashMap<>();
        record.path("id").forEach(part -> key.put(part.path("name").asText(), part.path("value").asText()));
        String first = key.isEmpty() ? null : key.values().iterator().next();
        JsonNode tables = record.get("tables");
        return new ResultRecord(key, first, record.path("displayName").asText(null), record.get("attributes"),
                tables == null || tables.isEmpty() ? null : tables);
    }

    /** The first primary-key column (the gene id for transcripts and genes) of a report record. */
    public static String recordId(JsonNode record) {
        return record.path("id").path(0).path("value").asText(null);
    }

    public static Long longOrNull(JsonNode value) {
        return value == null || !value.canConvertToLong() ? null : value.asLong();
    }

    /** {@code meta.<field>} of a standard report, 0 when absent. */
    public static long meta(JsonNode report, String field) {
        return report.path("meta").path(field).asLong(0);
    }
}
