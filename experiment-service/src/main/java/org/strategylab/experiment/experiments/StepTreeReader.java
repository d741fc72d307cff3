package org.strategylab.experiment.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.experiment.api.constraints.Choices;

/**
 * Reads an experiment's {@code stepTree} (a plan node, {@code api-contract.md} §6.6: the kind follows
 * from the inputs) into upstream-gateway's step-tree shape, naming every bad node by its JSON pointer
 * under {@code /stepTree}. Combine nodes may carry PathFinder's {@code "__combine__"} search name.
 */
public final class StepTreeReader {

    static final Set<String> OPERATORS = Set.of(Choices.OPERATORS.split("\\|"));
    static final int MAX_NODES = 100;
    private static final Set<String> KEYS = Set.of("id", "displayName", "customName", "searchName", "parameters",
            "operator", "primaryInput", "secondaryInput", "weight");

    /** A search node of the tree (leaf or transform) with where it is. */
    public record SearchNode(String pointer, String searchName, Map<String, Object> parameters, boolean transform) {
    }

    private final List<FieldError> errors;
    private final List<SearchNode> searches = new ArrayList<>();
    private final Set<String> ids = new java.util.HashSet<>();
    private int nodes;

    public StepTreeReader(List<FieldError> errors) {
        this.errors = errors;
    }

    /** The upstream tree, or null when the tree is invalid (its errors are added). */
    public ObjectNode read(JsonNode tree) {
        return node(tree, "/stepTree", 0);
    }

    public List<SearchNode> searches() {
        return searches;
    }

    @SuppressWarnings("unchecked")
    private ObjectNode node(JsonNode node, String pointer, int depth) {
        if (node == null || !node.isObject()) {
            errors.add(new FieldError(pointer, "must be a step object"));
            return null;
        }
        if (++nodes > MAX_NODES || depth > MAX_NODES) {
            errors.add(new FieldError(pointer, "the tree has more than " + MAX_NODES + " steps"));
            return null;
        }
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!KEYS.contains(name)) {
                errors.add(new FieldError(pointer + "/" + name, "is not a field of a step (supported: " + KEYS + ")"));
            }
        }
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        // the caller's name for the step: kept in the stored tree, so step analysis and tree
        // optimisation name the step by it (upstream-gateway is sent the tree without it)
        JsonNode id = node.get("id");
        if (id != null && !id.isNull()) {
            if (!(id.isTextual() || id.isIntegralNumber()) || id.asText().isBlank()) {
                errors.add(new FieldError(pointer + "/id", "must be a non-blank string or a whole number"));
            } else if (!ids.add(id.asText())) {
                errors.add(new FieldError(pointer + "/id", "another step of the tree has the id '" + id.asText() + "'"));
            } else {
                out.put("id", id.asText());
            }
        }
        JsonNode primary = node.get("primaryInput");
        JsonNode secondary = node.get("secondaryInput");
        boolean hasPrimary = primary != null && !primary.isNull();
        boolean hasSecondary = secondary != null && !secondary.isNull();
        String label = text(node, "customName") != null ? text(node, "customName") : text(node, "displayName");
        if (label != null) {
            out.put("customName", label);
        }
        if (hasSecondary && !hasPrimary) {
            errors.add(new FieldError(pointer + "/primaryInput", "a step with a secondary input needs a primary input"));
            return null;
        }
        if (hasSecondary) {
            String operator = text(node, "operator");
            if (operator == null || !OPERATORS.contains(operator.toUpperCase(java.util.Locale.ROOT))) {
                errors.add(new FieldError(pointer + "/operator", "a combine step needs an operator, one of " + OPERATORS));
            } else {
                out.put("operator", operator.toUpperCase(java.util.Locale.ROOT));
            }
            out.set("primaryInput", node(primary, pointer + "/primaryInput", depth + 1));
            out.set("secondaryInput", node(secondary, pointer + "/secondaryInput", depth + 1));
            return out;
        }
        String searchName = text(node, "searchName");
        if (searchName == null || searchName.isBlank() || "__combine__".equals(searchName)) {
            errors.add(new FieldError(pointer + "/searchName", hasPrimary ? "a transform step needs its search"
                    : "a search step needs a searchName (or two inputs and an operator)"));
            return null;
        }
        if (node.hasNonNull("operator")) {
            errors.add(new FieldError(pointer + "/operator", "only a step with two inputs combines"));
        }
        JsonNode parameters = node.get("parameters");
        if (parameters != null && !parameters.isNull() && !parameters.isObject()) {
            errors.add(new FieldError(pointer + "/parameters", "must be an object of parameter values"));
            return null;
        }
        out.put("searchName", searchName);
        out.set("parameters", parameters == null || parameters.isNull() ? JsonNodeFactory.instance.objectNode() : parameters);
        if (node.hasNonNull("weight")) {
            out.set("weight", node.get("weight"));
        }
        Map<String, Object> values = parameters == null || parameters.isNull() ? Map.of()
                : EvaluationJson.mapper().convertValue(parameters, Map.class);
        searches.add(new SearchNode(pointer, searchName, values, hasPrimary));
        if (hasPrimary) {
            out.set("primaryInput", node(primary, pointer + "/primaryInput", depth + 1));
        }
        return out;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() ? value.asText() : null;
    }
}
