package org.strategylab.experiment.analysis.stepanalysis;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.experiment.api.ExperimentResults;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.evaluation.model.StepAnalysisResult;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.run.AnalysisRun;
import org.strategylab.experiment.run.ProgressEvents;

/**
 * Step analysis of an experiment that has run ({@code POST /experiments/{id}/step-analysis}) as an
 * operation of its own ({@link StepAnalysisWork}): the result replaces the experiment's
 * {@code stepAnalysis}, and the operation ends with {@code experiment_complete} and {@code experiment_end}.
 */
@ApplicationScoped
public class StepAnalysisRun extends AnalysisRun<StepAnalysisResult> {

    @Inject
    StepAnalysisWork work;

    @Override
    public String type() {
        return ExperimentCommand.STEP_ANALYSIS;
    }

    @Override
    protected String label() {
        return "step analysis";
    }

    @Override
    protected Uni<StepAnalysisResult> analyse(ExperimentCommand command, ExperimentSettings settings, ProgressEvents events) {
        return work.analyse(command.token(), settings, ((ExperimentCommand.StepAnalysis) command).phases(), events);
    }

    @Override
    protected ExperimentResults store(ExperimentResults results, StepAnalysisResult result) {
        return results.withStepAnalysis(result);
    }
}
