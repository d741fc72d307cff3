package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/** A node of a strategy's step tree: {@code {stepId, primaryInput?, secondaryInput?}}. */
record StepNode(long stepId, StepNode primaryInput, StepNode secondaryInput) {

    private static final Set<String> REQUIRED = Set.of("stepId");
    private static final Set<String> OPTIONAL = Set.of("primaryInput", "secondaryInput");

    static StepNode parse(JsonNode json, String path) {
        JsonShape.object(json, path, REQUIRED, OPTIONAL);
        Long id = JsonShape.integer(json, "stepId", path);
        if (id == null) {
            throw WdkException.badRequest(path + "/stepId: expected type: Integer, found: null");
        }
        StepNode primary = json.hasNonNull("primaryInput") ? parse(json.get("primaryInput"), path + "/primaryInput") : null;
        StepNode secondary = json.hasNonNull("secondaryInput") ? parse(json.get("secondaryInput"), path + "/secondaryInput") : null;
        return new StepNode(id, primary, secondary);
    }

    /** Visits every node, parents before children. */
    void forEach(Consumer<StepNode> visitor) {
        visitor.accept(this);
        if (primaryInput != null) {
            primaryInput.forEach(visitor);
        }
        if (secondaryInput != null) {
            secondaryInput.forEach(visitor);
        }
    }

    List<Long> stepIds() {
        java.util.ArrayList<Long> ids = new java.util.ArrayList<>();
        forEach(n -> ids.add(n.stepId()));
        return ids;
    }

    ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("stepId", stepId);
        if (primaryInput != null) {
            node.set("primaryInput", primaryInput.toJson());
        }
        if (secondaryInput != null) {
            node.set("secondaryInput", secondaryInput.toJson());
        }
        return node;
    }

    /** The leftmost leaf: the strategy's first step. */
    StepNode firstLeaf() {
        return primaryInput == null ? this : primaryInput.firstLeaf();
    }
}
