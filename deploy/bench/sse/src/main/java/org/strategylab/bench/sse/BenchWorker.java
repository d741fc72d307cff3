package org.strategylab.bench.sse;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.testsupport.process.IndexedOperations;

/**
 * The bench acting as the worker of its operations, as a service using the event-log library
 * would: registers each operation in the operations index (the columns and values of
 * {@code OperationsIndex.insert}, with a long lease it holds, so the gateway's reaper leaves them
 * alone) and appends envelopes with the producer settings of {@code EventAppender} ({@code acks=all},
 * idempotent, linger 2 ms). Each event's data carries the producer's {@code System.nanoTime()}.
 * Not thread-safe: one thread drives it.
 */
final class BenchWorker implements AutoCloseable {

    private static final String HOLDER = "bench-sse-worker";

    private final BenchStack stack;
    private final KafkaProducer<String, byte[]> producer;
    private final AtomicReference<Exception> failure = new AtomicReference<>();

    /** One registered operation and the seq of its latest event. */
    static final class Operation {
        final UUID id;
        final String topic;
        final int partition;
        final long firstOffset;
        long seq;

        Operation(UUID id, String topic, int partition, long firstOffset) {
            this.id = id;
            this.topic = topic;
            this.partition = partition;
            this.firstOffset = firstOffset;
        }
    }

    BenchWorker(BenchStack stack) {
        this.stack = stack;
        this.producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrap(),
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.LINGER_MS_CONFIG, 2,
                ProducerConfig.CLIENT_ID_CONFIG, "bench-sse-worker"),
                new StringSerializer(), new ByteArraySerializer());
    }

    /** Registers {@code count} active operations of {@code owner} on the topic. */
    List<Operation> register(String owner, String topic, int count) throws Exception {
        List<Operation> operations = new ArrayList<>();
        try (Admin admin = stack.admin(); Connection connection = stack.jdbc()) {
            for (IndexedOperations.Registered row : new IndexedOperations(admin, HOLDER, Duration.ofHours(2))
                    .register(connection, owner, "bench", topic, count)) {
                operations.add(new Operation(row.id(), row.topic(), row.partition(), row.firstOffset()));
            }
        }
        return operations;
    }

    /** Appends the operation's next event; {@code data} is {@code {"t":<nanoTime>,"s":<seq>,"p":<phase>}}. */
    void emit(Operation operation, String type, int phase) {
        long seq = ++operation.seq;
        long now = System.nanoTime();
        EventEnvelope envelope = new EventEnvelope(operation.id, seq, type, Instant.now(),
                JsonNodeFactory.instance.objectNode().put("t", now).put("s", seq).put("p", phase));
        producer.send(new ProducerRecord<>(operation.topic, operation.id.toString(), envelope.toBytes()),
                (metadata, error) -> {
                    if (error != null) {
                        failure.compareAndSet(null, error);
                    }
                });
    }

    /** Waits until the broker acknowledged everything appended so far. */
    void flush() {
        producer.flush();
        if (failure.get() != null) {
            throw new IllegalStateException("the producer failed", failure.get());
        }
    }

    /** Marks the operations completed (after their terminal events are in the log). */
    void markCompleted(List<Operation> operations) throws Exception {
        try (Connection connection = stack.jdbc();
             PreparedStatement finish = connection.prepareStatement("UPDATE event_log.operations SET status = 'completed', "
                     + "ended_at = now(), lease_holder = NULL, lease_expires_at = NULL WHERE id = ?")) {
            for (Operation operation : operations) {
                finish.setObject(1, operation.id);
                finish.executeUpdate();
            }
        }
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
