package org.strategylab.evaluation.model;

import java.util.List;
import java.util.Map;

/** Operator alternatives at one combine node with a recommendation (spec 2.3, phase 2). */
public record OperatorComparison(String combineNodeId, String currentOperator, List<OperatorVariant> variants,
                                 String recommendation, String recommendedOperator,
                                 Map<Integer, Double> precisionAtKDelta) {
    public OperatorComparison {
        variants = variants == null ? List.of() : List.copyOf(variants);
        precisionAtKDelta = precisionAtKDelta == null ? Map.of() : precisionAtKDelta;
    }
}
