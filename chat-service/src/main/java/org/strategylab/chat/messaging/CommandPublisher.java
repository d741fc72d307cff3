package org.strategylab.chat.messaging;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;

/** Writes turns to {@code chat.commands}, keyed by conversation; completes when the broker has them. */
@ApplicationScoped
public class CommandPublisher {

    @Inject
    @Channel("chat-commands-out")
    MutinyEmitter<String> emitter;

    @Inject
    ObjectMapper mapper;

    public Uni<Void> publish(ChatCommand command) {
        String payload;
        try {
            payload = mapper.writeValueAsString(command);
        } catch (JsonProcessingException e) {
            return Uni.createFrom().failure(e);
        }
        return emitter.sendMessage(Message.of(payload).addMetadata(
                OutgoingKafkaRecordMetadata.<String>builder().withKey(command.strategyId()).build()));
    }
}
