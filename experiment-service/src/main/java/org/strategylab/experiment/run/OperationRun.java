package org.strategylab.experiment.run;

import io.smallrye.mutiny.Uni;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.experiment.messaging.ExperimentCommand;

/** What a worker runs for one kind of command, under the command's operation. */
public interface OperationRun {

    /** The command type it runs ({@link ExperimentCommand#type()}). */
    String type();

    /** Runs the command and ends its operation with its terminal event. */
    Uni<Void> run(OperationHandle handle, ExperimentCommand command);

    /** Ends the operation as cancelled, after its run was stopped. */
    Uni<Void> cancelled(OperationHandle handle, ExperimentCommand command, long started);
}
