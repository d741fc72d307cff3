package org.strategylab.evaluation.model;

import java.util.List;

/** A numeric parameter's sweep and recommendation (spec 2.3, phase 4). */
public record ParameterSensitivity(String stepId, String paramName, double currentValue,
                                   List<ParameterSweepPoint> sweepPoints, double recommendedValue,
                                   String recommendation) {
    public ParameterSensitivity {
        sweepPoints = sweepPoints == null ? List.of() : List.copyOf(sweepPoints);
    }
}
