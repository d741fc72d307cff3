package org.strategylab.experiment.analysis.treeoptimization;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.run.RunContext;
import org.strategylab.experiment.run.RunPhase;
import org.strategylab.experiment.run.RunState;
import org.strategylab.experiment.experiments.AnalysisPhaseRules;

/**
 * Tree-knob optimisation as the last phase of a run ({@code thresholdKnobs}/{@code operatorKnobs},
 * {@code treeOptimizationObjective}, {@code treeOptimizationBudget}, {@code maxListSize}): the same as
 * {@code POST /experiments/{id}/tree-optimization} ({@link TreeOptimizationWork}).
 */
@ApplicationScoped
public class TreeOptimizationPhase implements RunPhase, AnalysisPhaseRules {

    @Inject
    TreeOptimizationWork work;

    @Override
    public int order() {
        return 700;
    }

    @Override
    public String phase() {
        return "optimizing";
    }

    @Override
    public boolean appliesTo(ExperimentSettings settings) {
        return settings.analyses().treeOptimization() != null && !settings.geneIdMode();
    }

    @Override
    public Uni<RunState> run(RunContext context, RunState state) {
        return work.optimise(context.token(), context.settings(), context.settings().analyses().treeOptimization(),
                        context.experimentId().toString(), context.progress())
                .map(result -> state.withResults(state.results().withTreeOptimization(result)));
    }

    /** The optimisation's knobs checked as a phase of the experiment. */
    @Override
    public ExperimentSettings settle(ExperimentSettings settings) {
        if (settings.analyses().treeOptimization() != null) {
            TreeOptimizations.check(settings, settings.analyses().treeOptimization(), true);
        }
        return settings;
    }
}
