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
 * Step analysis of an experiment that has run ({@code POST /experiments/{id}/step-analysis}) as an
 * operation of its own ({@link StepAnalysisWork}): the result replaces the experiment's
 * {@code stepAnalysis}, and the operation ends with {@code experiment_complete} and {@code experiment_end}.
 */
@ApplicationScoped
public class StepAnalysisRun implements OperationRun {

    @Inject
    ExperimentRepository repository;

    @Inject
    StepAnalysisWork work;

    @Inject
    ExperimentViews views;

    @Override
    public String type() {
        return ExperimentCommand.STEP_ANALYSIS;
    }

    @Override
    public Uni<Void> run(OperationHandle handle, ExperimentCommand command) {
        UUID id = UUID.fromString(command.experimentIds().get(0));
        return repository.find(id).chain(found -> {
            if (found.isEmpty()) {
                return ExperimentEnd.error(handle, "the experiment was deleted");
            }
            ExperimentSettings settings = ExperimentViews.settings(found.get());
            return work.analyse(command.token(), settings, command.phases(), new ProgressEvents(handle, id))
                    .chain(result -> repository.update(id, null, row -> row.result = EvaluationJson.mapper().valueToTree(
                            ExperimentViews.results(row).withStepAnalysis(result))))
                    .chain(row -> ExperimentEnd.completed(handle, views.view(row.orElseThrow())))
                    .onFailure().recoverWithUni(failure -> ExperimentEnd.error(handle,
                            "step analysis failed: " + failure.getMessage()));
        });
    }

    @Override
    public Uni<Void> cancelled(OperationHandle handle, ExperimentCommand command, long started) {
        return ExperimentEnd.cancelled(handle);
    }
}
