package org.strategylab.experiment.api;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Map;

/**
 * What a caller sends to run an experiment ({@code api-contract.md} §6.1, camelCase). The mode
 * follows from the fields (spec rule 4.5): {@code targetGeneIds} → gene-ID mode (no upstream
 * search); an object {@code stepTree} → tree mode; otherwise {@code searchName} + {@code parameters}
 * run upstream. Controls come inline or from {@code controlSetId}. Fields of the analyses that later
 * phases add (cross-validation, enrichment, step analysis, optimisation) are accepted on the wire and
 * refused with a 422 until their phase exists, never ignored.
 */
public record ExperimentRequest(
        @Size(max = 200) String name,
        @Size(max = 2000) String description,
        @NotBlank String siteId,
        String recordType,
        String mode,
        String searchName,
        Map<String, Object> parameters,
        JsonNode stepTree,
        String sourceStrategyId,
        List<String> targetGeneIds,
        List<String> positiveControls,
        List<String> negativeControls,
        String controlSetId,
        String controlsSearchName,
        String controlsParamName,
        String controlsValueFormat,
        Boolean enableCrossValidation,
        @Min(2) @Max(10) Integer kFolds,
        List<String> enrichmentTypes,
        JsonNode optimizationSpecs,
        Integer optimizationBudget,
        String optimizationObjective,
        Map<String, String> parameterDisplayValues,
        Boolean enableStepAnalysis,
        List<String> stepAnalysisPhases,
        JsonNode thresholdKnobs,
        JsonNode operatorKnobs,
        String treeOptimizationObjective,
        Integer treeOptimizationBudget,
        Integer maxListSize,
        String optimizationTargetStep,
        String sortAttribute,
        String sortDirection,
        String parentExperimentId,
        Boolean enableRobustness,
        @Min(10) Integer bootstrapIterations,
        Long bootstrapSeed) {

    /** The same request with other parameter values (a batch member's organism). */
    public ExperimentRequest withSearch(Map<String, Object> newParameters, JsonNode newStepTree) {
        return new ExperimentRequest(name, description, siteId, recordType, mode, searchName, newParameters, newStepTree,
                sourceStrategyId, targetGeneIds, positiveControls, negativeControls, controlSetId, controlsSearchName,
                controlsParamName, controlsValueFormat, enableCrossValidation, kFolds, enrichmentTypes, optimizationSpecs,
                optimizationBudget, optimizationObjective, parameterDisplayValues, enableStepAnalysis, stepAnalysisPhases,
                thresholdKnobs, operatorKnobs, treeOptimizationObjective, treeOptimizationBudget, maxListSize,
                optimizationTargetStep, sortAttribute, sortDirection, parentExperimentId, enableRobustness,
                bootstrapIterations, bootstrapSeed);
    }

    /** The same request with other controls (a batch member's overrides, a benchmark member's set). */
    public ExperimentRequest withControls(List<String> positives, List<String> negatives, String newControlSetId) {
        return new ExperimentRequest(name, description, siteId, recordType, mode, searchName, parameters, stepTree,
                sourceStrategyId, targetGeneIds, positives, negatives, newControlSetId, controlsSearchName,
                controlsParamName, controlsValueFormat, enableCrossValidation, kFolds, enrichmentTypes, optimizationSpecs,
                optimizationBudget, optimizationObjective, parameterDisplayValues, enableStepAnalysis, stepAnalysisPhases,
                thresholdKnobs, operatorKnobs, treeOptimizationObjective, treeOptimizationBudget, maxListSize,
                optimizationTargetStep, sortAttribute, sortDirection, parentExperimentId, enableRobustness,
                bootstrapIterations, bootstrapSeed);
    }
}
