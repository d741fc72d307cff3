package org.strategylab.experiment.analysis.parameteroptimization;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.run.RunContext;
import org.strategylab.experiment.run.RunPhase;
import org.strategylab.experiment.run.RunState;
import org.strategylab.experiment.experiments.AnalysisPhaseRules;

/**
 * Parameter optimisation as a phase of a run ({@code optimizationSpecs}, {@code optimizationBudget},
 * {@code optimizationObjective}, {@code optimizationTargetStep}): the same as
 * {@code POST /experiments/{id}/parameter-optimization} ({@link ParameterOptimizationWork}). The
 * experiment's own metrics stay those of the search as configured; the best trial says what tuning
 * would change.
 */
@ApplicationScoped
public class ParameterOptimizationPhase implements RunPhase, AnalysisPhaseRules {

    @Inject
    ParameterOptimizationWork work;

    @Override
    public int order() {
        return 650;
    }

    @Override
    public String phase() {
        return "optimizing";
    }

    @Override
    public boolean appliesTo(ExperimentSettings settings) {
        return settings.analyses().parameterOptimization() != null && !settings.geneIdMode();
    }

    @Override
    public Uni<RunState> run(RunContext context, RunState state) {
        return work.optimise(context.token(), context.settings(), context.settings().analyses().parameterOptimization(),
                        context.experimentId().toString(), context.progress())
                .map(result -> state.withResults(state.results().withOptimizationResult(result)));
    }

    /** The optimisation's specs checked as a phase of the experiment. */
    @Override
    public ExperimentSettings settle(ExperimentSettings settings) {
        if (settings.analyses().parameterOptimization() != null) {
            ParameterOptimizations.check(settings, settings.analyses().parameterOptimization(), true);
        }
        return settings;
    }
}
