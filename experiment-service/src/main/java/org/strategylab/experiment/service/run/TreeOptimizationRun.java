package org.strategylab.experiment.service.run;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.UUID;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.experiment.service.ExperimentViews;

/**
 * Tree-knob optimisation of an experiment ({@code POST /experiments/{id}/tree-optimization}) as an
 * operation of its own ({@link TreeOptimizationWork}): the result replaces the experiment's
 * {@code treeOptimization}; the operation ends with {@code experiment_complete} and {@code experiment_end}.
 */
@ApplicationScoped
public class TreeOptimizationRun implements OperationRun {

    @Inject
    ExperimentRepository repository;

    @Inject
    TreeOptimizationWork work;

    @Inject
    ExperimentViews views;

    @Override
    public String type() {
        return ExperimentCommand.TREE_OPTIMIZATION;
    }

    @Override
    public Uni<Void> run(OperationHandle handle, ExperimentCommand command) {
        UUID id = UUID.fromString(command.experimentIds().get(0));
        return repository.find(id).chain(found -> {
            if (found.isEmpty()) {
                return ExperimentEnd.error(handle, "the experiment was deleted");
            }
            ExperimentSettings settings = ExperimentViews.settings(found.get());
            return work.optimise(command.token(), settings, command.optimization(), command.operationId(),
                            new ProgressEvents(handle, id))
                    .chain(result -> repository.update(id, null, row -> row.result = EvaluationJson.mapper().valueToTree(
                            ExperimentViews.results(row).withTreeOptimization(result))))
                    .chain(row -> ExperimentEnd.completed(handle, views.view(row.orElseThrow())))
                    .onFailure().recoverWithUni(failure -> ExperimentEnd.error(handle,
                            "tree optimisation failed: " + failure.getMessage()));
        });
    }

    @Override
    public Uni<Void> cancelled(OperationHandle handle, ExperimentCommand command, long started) {
        return ExperimentEnd.cancelled(handle);
    }
}
