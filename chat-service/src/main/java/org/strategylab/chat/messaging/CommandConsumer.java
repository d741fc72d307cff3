package org.strategylab.chat.messaging;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.strategylab.chat.service.ChatWorker;

/**
 * Consumes {@code chat.commands} in the service's consumer group: replicas share the partitions,
 * and a dead replica's partitions move to the others. A command is acknowledged once a worker has
 * claimed its operation (or found it taken or ended); the turn goes on under the operation's
 * lease, which is what moves a dead worker's turn to the reaper. Reading, the wait for a slot and
 * the claim are the event log's {@code CommandWorkers}, shared with experiment-service.
 */
@ApplicationScoped
public class CommandConsumer {

    @Inject
    ChatWorker worker;

    @Incoming("chat-commands")
    public Uni<Void> consume(String payload) {
        return worker.consume(payload);
    }
}
