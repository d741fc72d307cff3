package org.strategylab.experiment.messaging;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.smallrye.reactive.messaging.MutinyEmitter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;

/** Writes commands to {@code experiment.commands}, keyed by experiment id; completes when the broker has them. */
@ApplicationScoped
public class CommandPublisher {

    @Inject
    @Channel("experiment-commands-out")
    MutinyEmitter<String> emitter;

    @Inject
    ObjectMapper mapper;

    public Uni<Void> publish(ExperimentCommand command) {
        String payload;
        try {
            payload = mapper.writeValueAsString(command);
        } catch (JsonProcessingException e) {
            return Uni.createFrom().failure(e);
        }
        Message<String> message = Message.of(payload).addMetadata(
                OutgoingKafkaRecordMetadata.<String>builder().withKey(command.key()).build());
        return emitter.sendMessage(message);
    }
}
