package org.strategylab.evaluation.model;

import java.util.List;

/**
 * The four step-analysis phases' results (spec 2.3).
 *
 * @param warnings {@code LOW_SAMPLE} when the verdicts and recommendations rest on few controls (extra field)
 */
public record StepAnalysisResult(List<StepEvaluation> stepEvaluations, List<OperatorComparison> operatorComparisons,
                                 List<StepContribution> stepContributions,
                                 List<ParameterSensitivity> parameterSensitivities, List<SampleWarning> warnings) {
    /** A result without caveats. */
    public StepAnalysisResult(List<StepEvaluation> stepEvaluations, List<OperatorComparison> operatorComparisons,
                              List<StepContribution> stepContributions,
                              List<ParameterSensitivity> parameterSensitivities) {
        this(stepEvaluations, operatorComparisons, stepContributions, parameterSensitivities, List.of());
    }

    public StepAnalysisResult {
        stepEvaluations = stepEvaluations == null ? List.of() : List.copyOf(stepEvaluations);
        operatorComparisons = operatorComparisons == null ? List.of() : List.copyOf(operatorComparisons);
        stepContributions = stepContributions == null ? List.of() : List.copyOf(stepContributions);
        parameterSensitivities = parameterSensitivities == null ? List.of() : List.copyOf(parameterSensitivities);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }
}
