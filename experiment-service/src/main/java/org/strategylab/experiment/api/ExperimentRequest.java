package org.strategylab.experiment.api;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Map;
import org.hibernate.validator.constraints.Range;
import org.strategylab.evaluation.model.OperatorKnob;
import org.strategylab.evaluation.model.OptimizationSpec;
import org.strategylab.evaluation.model.ThresholdKnob;
import org.strategylab.experiment.api.constraints.AtMostSetting;
import org.strategylab.experiment.api.constraints.Choices;
import org.strategylab.experiment.api.constraints.GeneIdList;
import org.strategylab.experiment.api.constraints.NoRepeats;
import org.strategylab.experiment.api.constraints.ObjectiveName;
import org.strategylab.experiment.api.constraints.OptimizationSpecs;
import org.strategylab.experiment.api.constraints.Setting;
import org.strategylab.experiment.api.constraints.ThresholdKnobs;

/**
 * What a caller sends to run an experiment ({@code api-contract.md} §6.1, camelCase). The mode
 * follows from the fields (spec rule 4.5): {@code targetGeneIds} → gene-ID mode (no upstream
 * search); an object {@code stepTree} → tree mode; otherwise {@code searchName} + {@code parameters}
 * run upstream. Controls come inline or from {@code controlSetId}.
 *
 * <p>Each field's own rule (present, in range, not too long or too large, one of its values, no
 * repeats) is a constraint here: breaking one is a 400 naming the field. What needs the other
 * fields, the site or stored data is checked by {@code ExperimentRequests} (422).
 */
public record ExperimentRequest(
        @Size(max = 200) String name,
        @Size(max = 2000) String description,
        @NotBlank String siteId,
        String recordType,
        @Pattern(regexp = Choices.MODES, message = Choices.MODES_REFUSAL) String mode,
        String searchName,
        Map<String, Object> parameters,
        JsonNode stepTree,
        @AtMostSetting(Setting.TARGET_GENES) @GeneIdList(atLeastOne = true) List<String> targetGeneIds,
        @AtMostSetting(Setting.CONTROL_IDS) @GeneIdList(atLeastOne = true) List<String> positiveControls,
        @AtMostSetting(Setting.CONTROL_IDS) @GeneIdList List<String> negativeControls,
        String controlSetId,
        String controlsSearchName,
        String controlsParamName,
        @Pattern(regexp = Choices.VALUE_FORMATS, message = Choices.VALUE_FORMATS_REFUSAL) String controlsValueFormat,
        Boolean enableCrossValidation,
        @Range(min = 2, max = 10) Integer kFolds,
        @NoRepeats List<@NotNull @Pattern(regexp = Choices.ENRICHMENT_TYPES,
                message = Choices.ENRICHMENT_TYPES_REFUSAL) String> enrichmentTypes,
        @OptimizationSpecs List<@NotNull OptimizationSpec> optimizationSpecs,
        @Range(min = Choices.MIN_BUDGET, max = Choices.MAX_BUDGET) Integer optimizationBudget,
        @ObjectiveName String optimizationObjective,
        Map<String, String> parameterDisplayValues,
        Boolean enableStepAnalysis,
        @NoRepeats List<@NotNull @Pattern(regexp = Choices.STEP_ANALYSIS_PHASES,
                message = Choices.STEP_ANALYSIS_PHASES_REFUSAL) String> stepAnalysisPhases,
        @ThresholdKnobs List<ThresholdKnob> thresholdKnobs,
        List<@NotNull OperatorKnob> operatorKnobs,
        @ObjectiveName String treeOptimizationObjective,
        @Range(min = Choices.MIN_BUDGET, max = Choices.MAX_BUDGET) Integer treeOptimizationBudget,
        @PositiveOrZero Integer maxListSize,
        String optimizationTargetStep,
        String sortAttribute,
        @Pattern(regexp = Choices.SORT_DIRECTIONS, message = Choices.SORT_DIRECTIONS_REFUSAL) String sortDirection,
        String parentExperimentId,
        Boolean enableRobustness,
        @Min(10) @AtMostSetting(Setting.BOOTSTRAP_ITERATIONS) Integer bootstrapIterations,
        Long bootstrapSeed) {

    /** The same request with other parameter values (a batch member's organism). */
    public ExperimentRequest withSearch(Map<String, Object> newParameters, JsonNode newStepTree) {
        return new ExperimentRequest(name, description, siteId, recordType, mode, searchName, newParameters, newStepTree,
                targetGeneIds, positiveControls, negativeControls, controlSetId, controlsSearchName,
                controlsParamName, controlsValueFormat, enableCrossValidation, kFolds, enrichmentTypes, optimizationSpecs,
                optimizationBudget, optimizationObjective, parameterDisplayValues, enableStepAnalysis, stepAnalysisPhases,
                thresholdKnobs, operatorKnobs, treeOptimizationObjective, treeOptimizationBudget, maxListSize,
                optimizationTargetStep, sortAttribute, sortDirection, parentExperimentId, enableRobustness,
                bootstrapIterations, bootstrapSeed);
    }

    /** The same request with other controls (a batch member's overrides, a benchmark member's set). */
    public ExperimentRequest withControls(List<String> positives, List<String> negatives, String newControlSetId) {
        return new ExperimentRequest(name, description, siteId, recordType, mode, searchName, parameters, stepTree,
                targetGeneIds, positives, negatives, newControlSetId, controlsSearchName,
                controlsParamName, controlsValueFormat, enableCrossValidation, kFolds, enrichmentTypes, optimizationSpecs,
                optimizationBudget, optimizationObjective, parameterDisplayValues, enableStepAnalysis, stepAnalysisPhases,
                thresholdKnobs, operatorKnobs, treeOptimizationObjective, treeOptimizationBudget, maxListSize,
                optimizationTargetStep, sortAttribute, sortDirection, parentExperimentId, enableRobustness,
                bootstrapIterations, bootstrapSeed);
    }
}
