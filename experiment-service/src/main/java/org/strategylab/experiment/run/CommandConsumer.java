package org.strategylab.experiment.run;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Acknowledgment;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * Consumes {@code experiment.commands} in the service's consumer group: replicas share the
 * partitions, and a dead replica's partitions move to the others. A command is acknowledged once a
 * worker has claimed its operation (or found it taken or ended), not while it waits for a slot in
 * its user's turn; the run goes on under the operation's lease, which is what moves a dead worker's
 * run to the reaper. Reading, the wait for a slot and the claim are the event log's
 * {@code CommandWorkers}, shared with chat-service.
 */
@ApplicationScoped
public class CommandConsumer {

    @Inject
    ExperimentWorker worker;

    @Acknowledgment(Acknowledgment.Strategy.MANUAL)
    @Incoming("experiment-commands")
    public Uni<Void> consume(Message<String> message) {
        // acknowledged once its operation started (or was nothing to do): the committed offset never
        // passes a command still waiting here for a slot
        return worker.consume(message.getPayload(), message::ack);
    }
}
