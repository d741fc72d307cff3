package org.strategylab.bench.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A conversation's graph (chat-service's {@code GraphSnapshot}: steps with their inputs, and the
 * root when there is exactly one) as the step tree its root builds on the site, in the shape
 * chat-service itself hands upstream-gateway ({@code StepTreeSpec}: search, transform and combine
 * nodes).
 */
final class AgentGraphs {

    private static final ObjectMapper JSON = new ObjectMapper();

    private AgentGraphs() {
    }

    /** The step the agent's answer is: the graph's root, else the last step nothing reads; empty for no steps. */
    static Optional<String> answerStep(JsonNode graph) {
        String root = graph.path("rootStepId").asText(null);
        if (root != null && !root.isBlank()) {
            return Optional.of(root);
        }
        Set<String> read = new HashSet<>();
        for (JsonNode step : graph.path("steps")) {
            read.add(step.path("primaryInputStepId").asText(null));
            read.add(step.path("secondaryInputStepId").asText(null));
        }
        String last = null;
        for (JsonNode step : graph.path("steps")) {
            if (!read.contains(step.path("id").asText())) {
                last = step.path("id").asText();
            }
        }
        return Optional.ofNullable(last);
    }

    /** The step tree under {@code stepId}. */
    static ObjectNode tree(JsonNode graph, String stepId) {
        Map<String, JsonNode> steps = new HashMap<>();
        graph.path("steps").forEach(step -> steps.put(step.path("id").asText(), step));
        return tree(steps, stepId);
    }

    private static ObjectNode tree(Map<String, JsonNode> steps, String stepId) {
        JsonNode step = steps.get(stepId);
        if (step == null) {
            throw new IllegalArgumentException("the graph has no step " + stepId);
        }
        ObjectNode node = JSON.createObjectNode();
        String kind = step.path("kind").asText();
        if ("COMBINE".equalsIgnoreCase(kind) || step.hasNonNull("operator")) {
            node.put("operator", step.path("operator").asText());
            node.set("primaryInput", tree(steps, step.path("primaryInputStepId").asText()));
            node.set("secondaryInput", tree(steps, step.path("secondaryInputStepId").asText()));
            return node;
        }
        node.put("searchName", step.path("searchName").asText());
        node.set("parameters", step.path("parameters").isObject() ? step.get("parameters") : JSON.createObjectNode());
        if (step.hasNonNull("primaryInputStepId")) {
            node.set("primaryInput", tree(steps, step.path("primaryInputStepId").asText()));
        }
        return node;
    }

    /** The number of steps of a graph. */
    static int steps(JsonNode graph) {
        return graph.path("steps").size();
    }
}
