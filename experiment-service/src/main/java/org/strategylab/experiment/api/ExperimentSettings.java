package org.strategylab.experiment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * An experiment's configuration as stored and answered ({@code config} of an experiment): the
 * request after validation, with the controls resolved (from {@code controlSetId} when given) and
 * normalised. {@code targetGeneIds} are kept beside it, not in it (they can be large), and counted
 * in {@code targetGeneCount}.
 *
 * <p>The parts are records of their own, each written flat ({@link JsonUnwrapped}) in the order
 * of its fields, so the JSON is one flat object with the fields in the order they always had: a
 * stored config reads as before, and an answer's {@code config} is unchanged.
 *
 * @param name               the experiment's name
 * @param description        its description, if any
 * @param siteId             the site it runs on
 * @param recordType         the record type of its result
 * @param target             what it evaluates (gene IDs, a search, a step tree)
 * @param controls           the controls it is measured against
 * @param display            how its result is shown
 * @param parentExperimentId the experiment it was refined or re-run from, if any
 * @param robustness         the bootstrap after the evaluation
 * @param crossValidation    the cross-validation
 * @param analyses           the analyses the run ends with
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ExperimentSettings(
        String name,
        String description,
        String siteId,
        String recordType,
        @JsonUnwrapped SearchTarget target,
        @JsonUnwrapped ControlSettings controls,
        @JsonUnwrapped ResultDisplay display,
        String parentExperimentId,
        @JsonUnwrapped RobustnessSettings robustness,
        @JsonUnwrapped CrossValidationSettings crossValidation,
        @JsonUnwrapped AnalysisSettings analyses) {

    /** Gene-ID mode: the given IDs are the result (rule 4.5.1). */
    public static final String GENE_IDS = SearchTarget.GENE_IDS;
    /** Search re-execution: one upstream search (rule 4.5.2). */
    public static final String SINGLE = SearchTarget.SINGLE;
    /** Tree mode: a step tree materialised upstream (rule 4.5.5). */
    public static final String MULTI_STEP = SearchTarget.MULTI_STEP;

    /** A part the stored JSON lacks entirely reads as a record of nulls, never as null. */
    public ExperimentSettings {
        target = target != null ? target : new SearchTarget(null, null, null, null, null);
        controls = controls != null ? controls : new ControlSettings(null, null, null, null, null, null);
        display = display != null ? display : new ResultDisplay(null, null, null);
        robustness = robustness != null ? robustness : new RobustnessSettings(false, null, null);
        crossValidation = crossValidation != null ? crossValidation : new CrossValidationSettings(false, null);
        analyses = analyses != null ? analyses : new AnalysisSettings(null, false, null, null, null);
    }

    public boolean geneIdMode() {
        return GENE_IDS.equals(target.mode());
    }

    /** The same settings with other controls (re-evaluation, benchmark members, batch overrides). */
    public ExperimentSettings withControls(List<String> positives, List<String> negatives) {
        return new ExperimentSettings(name, description, siteId, recordType, target, controls.with(positives, negatives),
                display, parentExperimentId, robustness, crossValidation, analyses);
    }

    /** The same settings as a tree experiment over {@code tree} (after a refine added a step). */
    public ExperimentSettings withTree(JsonNode tree) {
        ParameterOptimizationRequest optimization = analyses.parameterOptimization();
        // the search's optimisation named no step; in the tree it would have to
        ParameterOptimizationRequest kept = optimization == null || optimization.targetStep() != null ? optimization : null;
        return new ExperimentSettings(name, description, siteId, recordType, target.withTree(tree), controls, display,
                parentExperimentId, robustness, crossValidation,
                analyses.withOptimizations(analyses.treeOptimization(), kept));
    }

    /** The same settings with cross-validation asked for (a cross-validation run on an existing experiment). */
    public ExperimentSettings withCrossValidation(int folds) {
        return new ExperimentSettings(name, description, siteId, recordType, target, controls, display,
                parentExperimentId, robustness, new CrossValidationSettings(true, folds), analyses);
    }

    /** The same settings with the step analysis's phases as given (null: all). */
    public ExperimentSettings withStepAnalysisPhases(List<String> phases) {
        return new ExperimentSettings(name, description, siteId, recordType, target, controls, display,
                parentExperimentId, robustness, crossValidation, analyses.withStepAnalysisPhases(phases));
    }

    /** The same settings with the optimisations as checked against the site (knobs and specs typed by it). */
    public ExperimentSettings withOptimizations(TreeOptimizationRequest tree, ParameterOptimizationRequest parameters) {
        return new ExperimentSettings(name, description, siteId, recordType, target, controls, display,
                parentExperimentId, robustness, crossValidation, analyses.withOptimizations(tree, parameters));
    }
}
