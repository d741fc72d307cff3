package org.strategylab.experiment.analysis.treeoptimization;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.experiment.api.ExperimentResults;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.evaluation.model.TreeOptimizationResult;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.run.AnalysisRun;
import org.strategylab.experiment.run.ProgressEvents;

/**
 * Tree-knob optimisation of an experiment ({@code POST /experiments/{id}/tree-optimization}) as an
 * operation of its own ({@link TreeOptimizationWork}): the result replaces the experiment's
 * {@code treeOptimization}; the operation ends with {@code experiment_complete} and {@code experiment_end}.
 */
@ApplicationScoped
public class TreeOptimizationRun extends AnalysisRun<TreeOptimizationResult> {

    @Inject
    TreeOptimizationWork work;

    @Override
    public String type() {
        return ExperimentCommand.TREE_OPTIMIZATION;
    }

    @Override
    protected String label() {
        return "tree optimisation";
    }

    @Override
    protected Uni<TreeOptimizationResult> analyse(ExperimentCommand command, ExperimentSettings settings, ProgressEvents events) {
        return work.optimise(command.token(), settings, ((ExperimentCommand.TreeOptimization) command).optimization(), command.operationId(),
                events);
    }

    @Override
    protected ExperimentResults store(ExperimentResults results, TreeOptimizationResult result) {
        return results.withTreeOptimization(result);
    }
}
