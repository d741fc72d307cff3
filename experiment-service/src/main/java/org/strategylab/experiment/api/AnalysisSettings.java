package org.strategylab.experiment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The analyses an experiment's run ends with. Part of {@link ExperimentSettings}, written flat into
 * its JSON.
 *
 * @param enrichmentTypes       the enrichment analyses after evaluation (its enrichment phase), or null
 * @param enableStepAnalysis    whether the run ends with a step analysis of its strategy (rule 4.5.14)
 * @param stepAnalysisPhases    its phases (null: all four)
 * @param treeOptimization      the tree-knob optimisation (its knobs, objective, budget), or null
 * @param parameterOptimization the parameter optimisation of the search ({@code optimizationSpecs},
 *                              {@code optimizationBudget}, {@code optimizationObjective},
 *                              {@code optimizationTargetStep}), or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AnalysisSettings(List<String> enrichmentTypes, boolean enableStepAnalysis, List<String> stepAnalysisPhases,
                               TreeOptimizationRequest treeOptimization,
                               ParameterOptimizationRequest parameterOptimization) {

    /** The same analyses with the step analysis's phases as given (null: all). */
    public AnalysisSettings withStepAnalysisPhases(List<String> phases) {
        return new AnalysisSettings(enrichmentTypes, enableStepAnalysis, phases, treeOptimization, parameterOptimization);
    }

    /** The same analyses with the optimisations as given. */
    public AnalysisSettings withOptimizations(TreeOptimizationRequest tree, ParameterOptimizationRequest parameters) {
        return new AnalysisSettings(enrichmentTypes, enableStepAnalysis, stepAnalysisPhases, tree, parameters);
    }
}
