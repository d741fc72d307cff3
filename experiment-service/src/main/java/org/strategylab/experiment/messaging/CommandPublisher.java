package org.strategylab.experiment.messaging;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.opentelemetry.context.Context;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.smallrye.reactive.messaging.MutinyEmitter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.strategylab.eventlog.operation.Operations;

/**
 * Writes commands to {@code experiment.commands}, keyed by experiment id; completes when the broker
 * has them. Each command is first kept with its operation in the index, so that any instance with a
 * free slot can take a run that waits too long for the instance its command went to
 * ({@code strategylab.event-log.workers.pickup-after}), and a run whose worker dies can be sent again.
 */
@ApplicationScoped
public class CommandPublisher {

    /** The topic the channel writes to. */
    public static final String TOPIC = "experiment.commands";

    @Inject
    @Channel("experiment-commands-out")
    MutinyEmitter<String> emitter;

    @Inject
    ObjectMapper mapper;

    @Inject
    Operations operations;

    public Uni<Void> publish(ExperimentCommand command) {
        return publish(command, Context.current());
    }

    /**
     * Writes the command as part of {@code trace}: the request's trace, captured where the request
     * began, because the reactive database work between there and here does not carry it along.
     */
    public Uni<Void> publish(ExperimentCommand command, Context trace) {
        String payload;
        try {
            payload = mapper.writeValueAsString(command);
        } catch (JsonProcessingException e) {
            return Uni.createFrom().failure(e);
        }
        Message<String> message = Message.of(payload).addMetadata(
                OutgoingKafkaRecordMetadata.<String>builder().withKey(command.key()).build())
                .addMetadata(TracingMetadata.withCurrent(trace));
        return operations.keepCommand(java.util.UUID.fromString(command.operationId()), TOPIC, payload)
                .chain(() -> emitter.sendMessage(message));
    }
}
