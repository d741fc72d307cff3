package org.strategylab.experiment.analysis.stepanalysis;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.run.RunContext;
import org.strategylab.experiment.run.RunPhase;
import org.strategylab.experiment.run.RunState;
import org.strategylab.experiment.experiments.AnalysisPhaseRules;

/**
 * Step analysis as the last phase of a run ({@code enableStepAnalysis}, {@code stepAnalysisPhases}):
 * the same analysis as {@code POST /experiments/{id}/step-analysis} ({@link StepAnalysisWork}).
 */
@ApplicationScoped
public class StepAnalysisPhase implements RunPhase, AnalysisPhaseRules {

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
        return settings.analyses().enableStepAnalysis() && !settings.geneIdMode();
    }

    @Override
    public Uni<RunState> run(RunContext context, RunState state) {
        return work.analyse(context.token(), context.settings(), context.settings().analyses().stepAnalysisPhases(),
                        context.progress())
                .map(result -> state.withResults(state.results().withStepAnalysis(result)));
    }

    /** The phases asked for, in the order they run. */
    @Override
    public ExperimentSettings settle(ExperimentSettings settings) {
        return settings.analyses().stepAnalysisPhases() == null ? settings
                : settings.withStepAnalysisPhases(StepAnalyses.ordered(settings.analyses().stepAnalysisPhases()));
    }
}
