package org.strategylab.experiment.run;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import java.util.UUID;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.experiment.api.ExperimentResults;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.persistence.ExperimentRepository;

/**
 * An analysis of an experiment that has run, as an operation of its own: the work's result is
 * stored on the experiment's results, and the operation ends with {@code experiment_complete} and
 * {@code experiment_end} (or the error terminal naming the analysis).
 *
 * @param <T> the analysis's result
 */
public abstract class AnalysisRun<T> implements OperationRun {

    @Inject
    ExperimentRepository repository;

    @Inject
    ExperimentViews views;

    /** The analysis as an error message names it ("step analysis"). */
    protected abstract String label();

    /** The analysis itself, reporting progress as it goes. */
    protected abstract Uni<T> analyse(ExperimentCommand command, ExperimentSettings settings, ProgressEvents events);

    /** The results with this analysis's result in its place. */
    protected abstract ExperimentResults store(ExperimentResults results, T result);

    @Override
    public Uni<Void> run(OperationHandle handle, ExperimentCommand command) {
        UUID id = UUID.fromString(command.experimentIds().get(0));
        return repository.find(id).chain(found -> {
            if (found.isEmpty()) {
                return ExperimentEnd.error(handle, "the experiment was deleted");
            }
            ExperimentSettings settings = ExperimentViews.settings(found.get());
            return analyse(command, settings, new ProgressEvents(handle, id))
                    .chain(result -> repository.update(id, null, row -> row.result = EvaluationJson.mapper().valueToTree(
                            store(ExperimentViews.results(row), result))))
                    .chain(row -> ExperimentEnd.completed(handle, views.view(row.orElseThrow())))
                    .onFailure().recoverWithUni(failure -> ExperimentEnd.error(handle,
                            label() + " failed: " + org.strategylab.experiment.client.FailureText.of(failure,
                                    "an unexpected error; quote the experiment's id when reporting it")));
        });
    }

    @Override
    public Uni<Void> cancelled(OperationHandle handle, ExperimentCommand command, long started) {
        return ExperimentEnd.cancelled(handle);
    }
}
