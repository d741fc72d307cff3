package org.strategylab.chat.client;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.KafkaClientSecurity;
import org.strategylab.eventlog.OperationKinds;

/**
 * Follows another service's operation on its events topic, the durable log the gateway streams
 * from: {@link #mark} notes the topic's end before the operation is started, so none of its
 * events can be missed, then {@link Mark#follow} reads from there, keeping the operation's records
 * (the key), until its terminal event. No consumer group, nothing committed. Blocking: tools call
 * it on their own thread.
 */
@ApplicationScoped
public class OperationFollower {

    private static final Duration POLL = Duration.ofMillis(250);

    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    /** The topic's end now; close it (or follow to the end) to release the consumer. */
    public Mark mark(String topic) {
        KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(KafkaClientSecurity.secured(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 100,
                ConsumerConfig.CLIENT_ID_CONFIG, "strategylab-chat-follower")),
                new StringDeserializer(), new ByteArrayDeserializer());
        try {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(10)).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            // resolves the end offsets now, before the operation can write anything
            partitions.forEach(consumer::position);
            return new Mark(consumer);
        } catch (RuntimeException e) {
            consumer.close(Duration.ZERO);
            throw e;
        }
    }

    /** A position in a topic, from which one operation's events are read. */
    public static final class Mark implements AutoCloseable {
        private final KafkaConsumer<String, byte[]> consumer;

        private Mark(KafkaConsumer<String, byte[]> consumer) {
            this.consumer = consumer;
        }

        /**
         * Delivers the operation's events in order until its terminal event (answered), or until
         * {@code stop} says so or {@code timeout} passes (null).
         */
        public EventEnvelope follow(String operationId, Consumer<EventEnvelope> sink, Duration timeout,
                                    BooleanSupplier stop) {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (!stop.getAsBoolean() && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(POLL)) {
                    if (!operationId.equals(record.key())) {
                        continue;
                    }
                    EventEnvelope event;
                    try {
                        event = EventEnvelope.fromBytes(record.value());
                    } catch (IllegalArgumentException e) {
                        continue;
                    }
                    if (OperationKinds.isTerminal(event.type())) {
                        return event;
                    }
                    sink.accept(event);
                }
            }
            return null;
        }

        @Override
        public void close() {
            consumer.close(Duration.ZERO);
        }
    }
}
