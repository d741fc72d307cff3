package org.strategylab.evaluation.model;

import java.util.List;

/** The four step-analysis phases' results (spec 2.3). */
public record StepAnalysisResult(List<StepEvaluation> stepEvaluations, List<OperatorComparison> operatorComparisons,
                                 List<StepContribution> stepContributions,
                                 List<ParameterSensitivity> parameterSensitivities) {
    public StepAnalysisResult {
        stepEvaluations = stepEvaluations == null ? List.of() : List.copyOf(stepEvaluations);
        operatorComparisons = operatorComparisons == null ? List.of() : List.copyOf(operatorComparisons);
        stepContributions = stepContributions == null ? List.of() : List.copyOf(stepContributions);
        parameterSensitivities = parameterSensitivities == null ? List.of() : List.copyOf(parameterSensitivities);
    }
}
