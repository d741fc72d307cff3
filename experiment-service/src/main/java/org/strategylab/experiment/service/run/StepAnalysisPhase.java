package org.strategylab.experiment.service.run;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.experiment.api.ExperimentSettings;

/**
 * Step analysis as the last phase of a run ({@code enableStepAnalysis}, {@code stepAnalysisPhases}):
 * the same analysis as {@code POST /experiments/{id}/step-analysis} ({@link StepAnalysisWork}).
 */
@ApplicationScoped
public class StepAnalysisPhase implements RunPhase {

    @Inject
    StepAnalysisWork work;

    @Override
    public int order() {
        return 600;
    }

    @Override
    public String phase() {
        return "step_analysis";
    }

    @Override
    public boolean appliesTo(ExperimentSettings settings) {
        return settings.enableStepAnalysis() && !settings.geneIdMode();
    }

    @Override
    public Uni<RunState> run(RunContext context, RunState state) {
        return work.analyse(context.token(), context.settings(), context.settings().stepAnalysisPhases(),
                        context.progress())
                .map(result -> state.withResults(state.results().withStepAnalysis(result)));
    }
}
