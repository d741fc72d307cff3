package org.strategylab.experiment.messaging;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;
import org.strategylab.experiment.service.ExperimentWorker;

/**
 * Consumes {@code experiment.commands} in the service's consumer group: replicas share the
 * partitions, and a dead replica's partitions move to the others. A command is acknowledged once a
 * worker has claimed its operation (or found it taken or ended); the run goes on under the
 * operation's lease, which is what moves a dead worker's run to the reaper.
 */
@ApplicationScoped
public class CommandConsumer {

    private static final Logger LOG = Logger.getLogger(CommandConsumer.class);

    @Inject
    ObjectMapper mapper;

    @Inject
    ExperimentWorker worker;

    @Incoming("experiment-commands")
    public Uni<Void> consume(String payload) {
        ExperimentCommand command;
        try {
            command = mapper.readValue(payload, ExperimentCommand.class);
        } catch (IOException e) {
            LOG.warnf("dropped an unreadable command on experiment.commands: %s", e.getMessage());
            return Uni.createFrom().voidItem();
        }
        return worker.accept(command).onFailure().recoverWithItem(failure -> {
            LOG.errorf(failure, "command %s of operation %s could not be started", command.type(), command.operationId());
            return null;
        });
    }
}
