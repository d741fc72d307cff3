package org.strategylab.chat.graph;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A strategy a discovery proposed ({@code stepTree}: leaves {@code {searchName, parameters}},
 * combine nodes {@code {operator, primaryInput, secondaryInput}}) as steps of a conversation's graph,
 * inputs first, the root last.
 */
public final class DiscoveredGraph {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final TypeReference<Map<String, Object>> PARAMETERS = new TypeReference<>() {
    };

    /**
     * The steps of a tree and which of them is its root.
     *
     * @param steps  the new steps, each input before the step that reads it
     * @param rootId the last one's id
     */
    public record Steps(List<GraphStep> steps, String rootId) {

        /** {@code graph} with every step added. */
        public StrategyGraph addedTo(StrategyGraph graph) {
            StrategyGraph added = graph;
            for (GraphStep step : steps) {
                added = added.add(step);
            }
            return added;
        }
    }

    private DiscoveredGraph() {
    }

    /**
     * The steps of {@code tree}.
     *
     * @param tree       the discovery's step tree
     * @param recordType the record type of every step
     * @param ids        hands out step ids (the turn's, so tools running at once never share one)
     * @param nameOf     a search's name as the site shows it
     * @throws IllegalArgumentException for a node that is neither a search nor a combine of two inputs
     */
    public static Steps of(JsonNode tree, String recordType, Supplier<String> ids, Function<String, String> nameOf) {
        List<GraphStep> steps = new ArrayList<>();
        String root = add(tree, recordType, ids, nameOf, steps);
        return new Steps(List.copyOf(steps), root);
    }

    private static String add(JsonNode node, String recordType, Supplier<String> ids, Function<String, String> nameOf,
                              List<GraphStep> steps) {
        if (node.hasNonNull("operator")) {
            if (!node.path("primaryInput").isObject() || !node.path("secondaryInput").isObject()) {
                throw new IllegalArgumentException("a combine node needs both inputs");
            }
            String left = add(node.path("primaryInput"), recordType, ids, nameOf, steps);
            String right = add(node.path("secondaryInput"), recordType, ids, nameOf, steps);
            CombineOperator operator = CombineOperator.parse(node.path("operator").asText())
                    .orElseThrow(() -> new IllegalArgumentException("unknown operator " + node.path("operator").asText()));
            String id = ids.get();
            steps.add(GraphStep.combine(id, operator, left, right, recordType,
                    operator.name() + " of " + left + " and " + right));
            return id;
        }
        String searchName = node.path("searchName").asText(null);
        if (searchName == null || searchName.isBlank()) {
            throw new IllegalArgumentException("a search node needs its searchName");
        }
        Map<String, Object> parameters = node.path("parameters").isObject()
                ? MAPPER.convertValue(node.path("parameters"), PARAMETERS) : Map.of();
        String id = ids.get();
        steps.add(GraphStep.search(id, searchName, recordType, parameters, nameOf.apply(searchName)));
        return id;
    }
}
