package org.strategylab.experiment.run;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.UUID;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.persistence.ExperimentRepository;

/**
 * One experiment as its own operation ({@code api-contract.md} §5.6): its progress, then
 * {@code experiment_complete} (the full experiment) or {@code experiment_error}, and always
 * {@code experiment_end} last.
 */
@ApplicationScoped
public class SingleRun implements OperationRun {

    @Inject
    ExperimentExecutor executor;

    @Inject
    ExperimentViews views;

    @Inject
    AcceptedRows accepted;

    @Override
    public String type() {
        return ExperimentCommand.RUN;
    }

    @Override
    public Uni<Void> run(OperationHandle handle, ExperimentCommand command) {
        UUID id = UUID.fromString(command.experimentIds().get(0));
        return executor.execute(handle, id, command.token(), accepted.take(id)).chain(ended -> {
            if (ended.isEmpty()) {
                return ExperimentEnd.error(handle, "the experiment was deleted before it ran");
            }
            if (ExperimentRepository.COMPLETED.equals(ended.get().status)) {
                return ExperimentEnd.completed(handle, views.view(ended.get()));
            }
            if (ExperimentRepository.CANCELLED.equals(ended.get().status)) {
                return ExperimentEnd.cancelled(handle);
            }
            return ExperimentEnd.error(handle, ended.get().error == null ? "the experiment failed" : ended.get().error);
        });
    }

    @Override
    public Uni<Void> cancelled(OperationHandle handle, ExperimentCommand command, long started) {
        return executor.cancel(UUID.fromString(command.experimentIds().get(0)), started)
                .chain(() -> ExperimentEnd.cancelled(handle));
    }


}
