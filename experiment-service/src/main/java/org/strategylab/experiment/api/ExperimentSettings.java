package org.strategylab.experiment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * An experiment's configuration as stored and answered ({@code config} of an experiment): the
 * request after validation, with the controls resolved (from {@code controlSetId} when given) and
 * normalised. {@code targetGeneIds} are kept beside it, not in it (they can be large), and counted
 * in {@code targetGeneCount}.
 *
 * @param mode           {@code gene-ids}, {@code single} (one upstream search) or {@code multi-step} (a step tree)
 * @param stepTree       the tree in upstream-gateway's step-tree shape (tree mode)
 * @param targetGeneCount how many gene IDs a gene-ID mode experiment was given
 * @param kFolds          cross-validation folds asked for (default 5; clamped to the control lists)
 * @param enrichmentTypes the enrichment analyses the run does after evaluation (its enrichment phase), or null
 * @param enableStepAnalysis whether the run ends with a step analysis of its strategy (rule 4.5.14)
 * @param stepAnalysisPhases its phases (null: all four)
 * @param treeOptimization the tree-knob optimisation the run ends with (its knobs, objective, budget), or null
 * @param parameterOptimization the parameter optimisation of the search the run ends with
 *                  ({@code optimizationSpecs}, {@code optimizationBudget}, {@code optimizationObjective},
 *                  {@code optimizationTargetStep}), or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ExperimentSettings(
        String name,
        String description,
        String siteId,
        String recordType,
        String mode,
        String searchName,
        Map<String, Object> parameters,
        JsonNode stepTree,
        Integer targetGeneCount,
        List<String> positiveControls,
        List<String> negativeControls,
        String controlSetId,
        String controlsSearchName,
        String controlsParamName,
        String controlsValueFormat,
        Map<String, String> parameterDisplayValues,
        String sortAttribute,
        String sortDirection,
        String parentExperimentId,
        boolean enableRobustness,
        Integer bootstrapIterations,
        Long bootstrapSeed,
        boolean enableCrossValidation,
        Integer kFolds,
        List<String> enrichmentTypes,
        boolean enableStepAnalysis,
        List<String> stepAnalysisPhases,
        TreeOptimizationRequest treeOptimization,
        ParameterOptimizationRequest parameterOptimization) {

    /** Gene-ID mode: the given IDs are the result (rule 4.5.1). */
    public static final String GENE_IDS = "gene-ids";
    /** Search re-execution: one upstream search (rule 4.5.2). */
    public static final String SINGLE = "single";
    /** Tree mode: a step tree materialised upstream (rule 4.5.5). */
    public static final String MULTI_STEP = "multi-step";

    public boolean geneIdMode() {
        return GENE_IDS.equals(mode);
    }

    /** The same settings with other controls (re-evaluation, benchmark members, batch overrides). */
    public ExperimentSettings withControls(List<String> positives, List<String> negatives) {
        return new ExperimentSettings(name, description, siteId, recordType, mode, searchName, parameters, stepTree,
                targetGeneCount, positives, negatives, controlSetId, controlsSearchName, controlsParamName,
                controlsValueFormat, parameterDisplayValues, sortAttribute, sortDirection, parentExperimentId,
                enableRobustness, bootstrapIterations, bootstrapSeed, enableCrossValidation, kFolds,
                enrichmentTypes, enableStepAnalysis, stepAnalysisPhases, treeOptimization, parameterOptimization);
    }

    /** The same settings as a tree experiment over {@code tree} (after a refine added a step). */
    public ExperimentSettings withTree(JsonNode tree) {
        return new ExperimentSettings(name, description, siteId, recordType, MULTI_STEP, searchName, parameters, tree,
                targetGeneCount, positiveControls, negativeControls, controlSetId, controlsSearchName, controlsParamName,
                controlsValueFormat, parameterDisplayValues, sortAttribute, sortDirection, parentExperimentId,
                enableRobustness, bootstrapIterations, bootstrapSeed, enableCrossValidation, kFolds,
                enrichmentTypes, enableStepAnalysis, stepAnalysisPhases, treeOptimization,
                // the search's optimisation named no step; in the tree it would have to
                parameterOptimization == null || parameterOptimization.targetStep() != null ? parameterOptimization : null);
    }

    /** The same settings with cross-validation asked for (a cross-validation run on an existing experiment). */
    public ExperimentSettings withCrossValidation(int folds) {
        return new ExperimentSettings(name, description, siteId, recordType, mode, searchName, parameters, stepTree,
                targetGeneCount, positiveControls, negativeControls, controlSetId, controlsSearchName, controlsParamName,
                controlsValueFormat, parameterDisplayValues, sortAttribute, sortDirection, parentExperimentId,
                enableRobustness, bootstrapIterations, bootstrapSeed, true, folds, enrichmentTypes,
                enableStepAnalysis, stepAnalysisPhases, treeOptimization, parameterOptimization);
    }

    /** The same settings with the step analysis's phases as given (null: all). */
    public ExperimentSettings withStepAnalysisPhases(List<String> phases) {
        return new ExperimentSettings(name, description, siteId, recordType, mode, searchName, parameters, stepTree,
                targetGeneCount, positiveControls, negativeControls, controlSetId, controlsSearchName, controlsParamName,
                controlsValueFormat, parameterDisplayValues, sortAttribute, sortDirection, parentExperimentId,
                enableRobustness, bootstrapIterations, bootstrapSeed, enableCrossValidation, kFolds, enrichmentTypes,
                enableStepAnalysis, phases, treeOptimization, parameterOptimization);
    }

    /** The same settings with the optimisations as checked against the site (knobs and specs typed by it). */
    public ExperimentSettings withOptimizations(TreeOptimizationRequest tree, ParameterOptimizationRequest parameters) {
        return new ExperimentSettings(name, description, siteId, recordType, mode, searchName, this.parameters, stepTree,
                targetGeneCount, positiveControls, negativeControls, controlSetId, controlsSearchName, controlsParamName,
                controlsValueFormat, parameterDisplayValues, sortAttribute, sortDirection, parentExperimentId,
                enableRobustness, bootstrapIterations, bootstrapSeed, enableCrossValidation, kFolds, enrichmentTypes,
                enableStepAnalysis, stepAnalysisPhases, tree, parameters);
    }
}
