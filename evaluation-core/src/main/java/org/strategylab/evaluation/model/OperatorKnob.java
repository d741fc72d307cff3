package org.strategylab.evaluation.model;

import java.util.List;

/** A combine node whose operator the tree optimiser may change (spec 2.4); default options INTERSECT, UNION, MINUS. */
public record OperatorKnob(String combineNodeId, List<String> options) {
    public OperatorKnob {
        options = options == null || options.isEmpty() ? List.of("INTERSECT", "UNION", "MINUS") : List.copyOf(options);
    }
}
