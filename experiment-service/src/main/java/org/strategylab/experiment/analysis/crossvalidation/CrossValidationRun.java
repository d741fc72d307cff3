package org.strategylab.experiment.analysis.crossvalidation;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.experiment.run.ExperimentViews;
import org.strategylab.experiment.run.ExperimentEnd;
import org.strategylab.experiment.run.OperationRun;
import org.strategylab.experiment.run.ProgressEvents;
import org.strategylab.experiment.run.RunContext;
import org.strategylab.experiment.run.RunState;

/**
 * Cross-validation of an experiment that has run ({@code POST /experiments/{id}/cross-validate}) as
 * an operation of its own: the fold progress, then {@code experiment_complete} with the experiment
 * (its {@code crossValidation} replaced and persisted) and {@code experiment_end}.
 */
@ApplicationScoped
public class CrossValidationRun implements OperationRun {

    @Inject
    ExperimentRepository repository;

    @Inject
    CrossValidationPhase phase;

    @Inject
    ExperimentViews views;

    @Override
    public String type() {
        return ExperimentCommand.CROSS_VALIDATE;
    }

    @Override
    public Uni<Void> run(OperationHandle handle, ExperimentCommand command) {
        UUID id = UUID.fromString(command.experimentIds().get(0));
        Integer asked = ((ExperimentCommand.CrossValidate) command).kFolds();
        int folds = asked == null ? org.strategylab.evaluation.cv.CrossValidator.DEFAULT_K : asked;
        return repository.find(id).chain(found -> {
            if (found.isEmpty()) {
                return ExperimentEnd.error(handle, "the experiment was deleted");
            }
            ExperimentSettings settings = ExperimentViews.settings(found.get()).withCrossValidation(folds);
            RunContext context = new RunContext(id, found.get().ownerId, command.token(), settings, List.of(),
                    settings.controls().sets(), new ProgressEvents(handle, id));
            RunState state = new RunState(ExperimentViews.results(found.get()), found.get().upstreamStrategyId,
                    found.get().upstreamStepId, List.of(), List.of());
            return phase.run(context, state)
                    .chain(next -> repository.update(id, null, row ->
                            row.result = EvaluationJson.mapper().valueToTree(next.results())))
                    .chain(row -> ExperimentEnd.completed(handle, views.view(row.orElseThrow())))
                    .onFailure().recoverWithUni(failure -> ExperimentEnd.error(handle,
                            "cross-validation failed: " + org.strategylab.experiment.client.FailureText.of(failure,
                                    "an unexpected error; quote the experiment's id when reporting it")));
        });
    }

    @Override
    public Uni<Void> cancelled(OperationHandle handle, ExperimentCommand command, long started) {
        return ExperimentEnd.cancelled(handle);
    }


}
