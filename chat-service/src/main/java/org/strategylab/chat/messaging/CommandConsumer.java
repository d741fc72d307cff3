package org.strategylab.chat.messaging;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;
import org.strategylab.chat.service.ChatWorker;

/**
 * Consumes {@code chat.commands} in the service's consumer group: replicas share the partitions,
 * and a dead replica's partitions move to the others. A command is acknowledged once a worker has
 * claimed its operation (or found it taken or ended); the turn goes on under the operation's
 * lease, which is what moves a dead worker's turn to the reaper.
 */
@ApplicationScoped
public class CommandConsumer {

    private static final Logger LOG = Logger.getLogger(CommandConsumer.class);

    @Inject
    ObjectMapper mapper;

    @Inject
    ChatWorker worker;

    @Incoming("chat-commands")
    public Uni<Void> consume(String payload) {
        ChatCommand command;
        try {
            command = mapper.readValue(payload, ChatCommand.class);
        } catch (IOException e) {
            LOG.warnf("dropped an unreadable command on chat.commands: %s", e.getMessage());
            return Uni.createFrom().voidItem();
        }
        return worker.accept(command).onFailure().recoverWithItem(failure -> {
            LOG.errorf(failure, "turn %s could not be started", command.operationId());
            return null;
        });
    }
}
