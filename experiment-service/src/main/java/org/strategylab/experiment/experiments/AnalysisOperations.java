package org.strategylab.experiment.experiments;

import io.opentelemetry.context.Context;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.function.Function;
import org.strategylab.eventlog.operation.Operations;
import org.strategylab.experiment.api.OperationStarted;
import org.strategylab.experiment.messaging.CommandPublisher;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.rest.OperationAccepted;

/**
 * Starts an analysis of one experiment as an operation a worker runs: registers it, writes its
 * command, and answers what the 202 carries. The analyses differ only in their command.
 */
@ApplicationScoped
public class AnalysisOperations {

    @Inject
    Operations operations;

    @Inject
    CommandPublisher commands;

    @Inject
    ActiveOperationCap cap;

    /**
     * @param kind       the operation kind ({@link ExperimentService#KIND} unless the analysis has its own)
     * @param commandFor the analysis' command, given the new operation's id
     */
    public Uni<OperationAccepted> start(String callerId, String kind, String experimentId,
                                        Function<String, ExperimentCommand> commandFor) {
        Context trace = Context.current();
        return cap.admit(callerId).chain(() -> operations.register(callerId, kind, experimentId, ExperimentService.EVENTS_TOPIC))
                .chain(operation -> commands.publish(commandFor.apply(operation.id().toString()), trace)
                        .map(sent -> new OperationAccepted(OperationStarted.single(operation.id().toString(), experimentId),
                                operation)));
    }
}
