package org.strategylab.experiment.analysis.parameteroptimization;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.evaluation.model.ParameterOptimizationResult;
import org.strategylab.experiment.api.ExperimentResults;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.run.AnalysisRun;
import org.strategylab.experiment.run.ProgressEvents;

/**
 * Parameter optimisation of an experiment's search ({@code POST /experiments/{id}/parameter-optimization})
 * as an operation of its own ({@link ParameterOptimizationWork}): the result replaces the experiment's
 * {@code optimizationResult}; the operation ends with {@code experiment_complete} and {@code experiment_end}.
 */
@ApplicationScoped
public class ParameterOptimizationRun extends AnalysisRun<ParameterOptimizationResult> {

    @Inject
    ParameterOptimizationWork work;

    @Override
    public String type() {
        return ExperimentCommand.PARAMETER_OPTIMIZATION;
    }

    @Override
    protected String label() {
        return "parameter optimisation";
    }

    @Override
    protected Uni<ParameterOptimizationResult> analyse(ExperimentCommand command, ExperimentSettings settings,
                                                       ProgressEvents events) {
        return work.optimise(command.token(), settings, ((ExperimentCommand.ParameterOptimization) command).parameterOptimization(), command.operationId(), events);
    }

    @Override
    protected ExperimentResults store(ExperimentResults results, ParameterOptimizationResult result) {
        return results.withOptimizationResult(result);
    }
}
