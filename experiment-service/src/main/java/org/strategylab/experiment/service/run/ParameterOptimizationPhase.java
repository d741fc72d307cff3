package org.strategylab.experiment.service.run;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.experiment.api.ExperimentSettings;

/**
 * Parameter optimisation as a phase of a run ({@code optimizationSpecs}, {@code optimizationBudget},
 * {@code optimizationObjective}, {@code optimizationTargetStep}): the same as
 * {@code POST /experiments/{id}/parameter-optimization} ({@link ParameterOptimizationWork}). The
 * experiment's own metrics stay those of the search as configured; the best trial says what tuning
 * would change.
 */
@ApplicationScoped
public class ParameterOptimizationPhase implements RunPhase {

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
        return settings.parameterOptimization() != null && !settings.geneIdMode();
    }

    @Override
    public Uni<RunState> run(RunContext context, RunState state) {
        return work.optimise(context.token(), context.settings(), context.settings().parameterOptimization(),
                        context.experimentId().toString(), context.progress())
                .map(result -> state.withResults(state.results().withOptimizationResult(result)));
    }
}
