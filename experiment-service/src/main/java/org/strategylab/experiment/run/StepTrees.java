package org.strategylab.experiment.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.evaluation.model.StepTreeNode;

/**
 * An experiment's step tree (upstream-gateway's shape, parameter values as JSON) as evaluation-core's
 * {@link StepTreeNode} (parameter values as WDK strings) and back. A multi-pick value travels as its
 * JSON-array text and comes back as the array; every other value as its text.
 */
public final class StepTrees {

    private StepTrees() {
    }

    /** The tree with ids: a node's own {@code id}, else {@code step-1}, {@code step-2}, … in depth-first order. */
    public static StepTreeNode fromJson(JsonNode tree) {
        return node(tree, new AtomicInteger());
    }

    private static StepTreeNode node(JsonNode json, AtomicInteger counter) {
        if (json == null || json.isMissingNode() || json.isNull()) {
            return null;
        }
        String id = json.hasNonNull("id") ? json.get("id").asText() : "step-" + counter.incrementAndGet();
        Map<String, String> parameters = new LinkedHashMap<>();
        json.path("parameters").fields().forEachRemaining(entry -> parameters.put(entry.getKey(),
                entry.getValue().isTextual() ? entry.getValue().asText() : entry.getValue().toString()));
        String display = json.hasNonNull("displayName") ? json.get("displayName").asText()
                : json.hasNonNull("customName") ? json.get("customName").asText() : null;
        StepTreeNode primary = node(json.get("primaryInput"), counter);
        StepTreeNode secondary = node(json.get("secondaryInput"), counter);
        String search = json.hasNonNull("searchName") && !"__combine__".equals(json.get("searchName").asText())
                ? json.get("searchName").asText() : null;
        String operator = json.hasNonNull("operator") ? json.get("operator").asText() : null;
        return new StepTreeNode(id, search, display, operator, search == null ? null : parameters, primary, secondary);
    }

    /** The tree as upstream-gateway builds it (ids and display names left out). */
    public static JsonNode toJson(StepTreeNode node) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        if (node.isCombine()) {
            json.put("operator", node.operator());
        } else {
            json.put("searchName", node.searchName());
            ObjectNode parameters = json.putObject("parameters");
            node.parameters().forEach((name, value) -> parameters.set(name, value(value)));
        }
        if (node.primaryInput() != null) {
            json.set("primaryInput", toJson(node.primaryInput()));
        }
        if (node.secondaryInput() != null) {
            json.set("secondaryInput", toJson(node.secondaryInput()));
        }
        return json;
    }

    private static JsonNode value(String text) {
        String trimmed = text.trim();
        if (trimmed.startsWith("[")) {
            try {
                JsonNode array = EvaluationJson.mapper().readTree(trimmed);
                if (array.isArray()) {
                    return array;
                }
            } catch (JsonProcessingException e) {
                // not JSON: the text itself
            }
        }
        return JsonNodeFactory.instance.textNode(text);
    }
}
