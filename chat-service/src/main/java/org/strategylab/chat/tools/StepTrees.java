package org.strategylab.chat.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.Map;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;

/**
 * Turns part of a graph into upstream-gateway's step tree ({@code StepTreeSpec}: search, combine
 * and transform nodes), and maps a built strategy's step ids back onto the graph's steps.
 */
public final class StepTrees {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private StepTrees() {
    }

    /** The tree under a step. */
    public static ObjectNode tree(StrategyGraph graph, String stepId) {
        GraphStep step = graph.step(stepId).orElseThrow(() -> new ToolRefusal("step " + stepId + " does not exist"));
        ObjectNode node = MAPPER.createObjectNode();
        switch (step.kind()) {
            case SEARCH -> {
                node.put("searchName", step.searchName());
                node.set("parameters", MAPPER.valueToTree(step.parameters() == null ? Map.of() : step.parameters()));
            }
            case TRANSFORM -> {
                node.put("searchName", step.searchName());
                node.set("parameters", MAPPER.valueToTree(step.parameters() == null ? Map.of() : step.parameters()));
                node.set("primaryInput", tree(graph, step.primaryInputStepId()));
            }
            case COMBINE -> {
                node.put("operator", step.operator().name());
                node.set("primaryInput", tree(graph, step.primaryInputStepId()));
                node.set("secondaryInput", tree(graph, step.secondaryInputStepId()));
            }
        }
        if (step.filters() != null && step.kind() != org.strategylab.chat.graph.StepKind.COMBINE) {
            node.set("filters", MAPPER.valueToTree(step.filters()));
        }
        if (step.displayName() != null) {
            node.put("customName", step.displayName());
        }
        return node;
    }

    /**
     * The site's step id of each graph step under {@code stepId}, read from a built strategy's
     * {@code stepTree} (same shape as the tree that was sent).
     */
    public static Map<String, Long> upstreamIds(StrategyGraph graph, String stepId, JsonNode stepTree) {
        Map<String, Long> ids = new HashMap<>();
        walk(graph, stepId, stepTree, ids);
        return ids;
    }

    private static void walk(StrategyGraph graph, String stepId, JsonNode node, Map<String, Long> ids) {
        if (node == null || !node.path("stepId").canConvertToLong()) {
            return;
        }
        ids.put(stepId, node.path("stepId").asLong());
        graph.step(stepId).ifPresent(step -> {
            if (step.primaryInputStepId() != null) {
                walk(graph, step.primaryInputStepId(), node.get("primaryInput"), ids);
            }
            if (step.secondaryInputStepId() != null) {
                walk(graph, step.secondaryInputStepId(), node.get("secondaryInput"), ids);
            }
        });
    }
}
