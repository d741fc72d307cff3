package org.strategylab.evaluation.stepanalysis;

import org.strategylab.evaluation.model.StepTreeNode;

import java.util.List;

/** The numeric parameters of a leaf's search (from the upstream search details, supplied by the service). */
@FunctionalInterface
public interface ParameterCatalog {
    List<NumericParameter> numericParameters(StepTreeNode leaf);

    /** A catalog that knows no parameters (phase 4 then has nothing to sweep). */
    ParameterCatalog NONE = leaf -> List.of();
}
