package org.strategylab.evaluation.model;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A node of a strategy tree. A leaf has no inputs; a transform has only {@code primaryInput}; a
 * combine node has both inputs and an {@code operator} (INTERSECT, UNION, MINUS, RMINUS, LONLY,
 * RONLY). Nodes are immutable: the {@code with…} methods return modified copies.
 */
public record StepTreeNode(String id, String searchName, String displayName, String operator,
                           Map<String, String> parameters, StepTreeNode primaryInput, StepTreeNode secondaryInput) {

    public StepTreeNode {
        parameters = parameters == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    /** A leaf search step. */
    public static StepTreeNode leaf(String id, String searchName, Map<String, String> parameters) {
        return new StepTreeNode(id, searchName, null, null, parameters, null, null);
    }

    /** A combine step. */
    public static StepTreeNode combine(String id, String operator, StepTreeNode primary, StepTreeNode secondary) {
        return new StepTreeNode(id, null, null, operator, null, primary, secondary);
    }

    /** A unary transform step over {@code input}. */
    public static StepTreeNode transform(String id, String searchName, Map<String, String> parameters, StepTreeNode input) {
        return new StepTreeNode(id, searchName, null, null, parameters, input, null);
    }

    public boolean isLeaf() {
        return primaryInput == null && secondaryInput == null;
    }

    public boolean isCombine() {
        return primaryInput != null && secondaryInput != null;
    }

    public boolean isTransform() {
        return primaryInput != null && secondaryInput == null;
    }

    public StepTreeNode withOperator(String newOperator) {
        return new StepTreeNode(id, searchName, displayName, newOperator, parameters, primaryInput, secondaryInput);
    }

    public StepTreeNode withParameter(String name, String value) {
        Map<String, String> copy = new LinkedHashMap<>(parameters);
        copy.put(name, value);
        return new StepTreeNode(id, searchName, displayName, operator, copy, primaryInput, secondaryInput);
    }

    public StepTreeNode withInputs(StepTreeNode primary, StepTreeNode secondary) {
        return new StepTreeNode(id, searchName, displayName, operator, parameters, primary, secondary);
    }
}
