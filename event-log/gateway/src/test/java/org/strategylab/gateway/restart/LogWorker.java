package org.strategylab.gateway.restart;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
 * The test acting as the worker of one operation, the way a service using the event-log library
 * does it, since the packaged gateway has no test worker endpoint: it registers the operation in
 * the operations index (same columns and values as {@code OperationsIndex.insert} with a lease it
 * holds), then appends envelopes with seq 1, 2, 3… through an idempotent {@code acks=all}
 * producer keyed by the operation id, at a steady pace, whatever the gateway or broker are doing.
 */
final class LogWorker implements AutoCloseable {

    /** The lease holder written into the index: not a gateway instance, so its reaper leaves the row alone. */
    static final String HOLDER = "restart-it-worker";

    private final String topic;
    private final RestartStack stack;
    private final KafkaProducer<String, byte[]> producer;
    private final ScheduledExecutorService pacer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "log-worker");
        thread.setDaemon(true);
        return thread;
    });
    private final AtomicLong attempted = new AtomicLong();
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong acknowledged = new AtomicLong();
    private final AtomicReference<Exception> failure = new AtomicReference<>();
    private final AtomicLong longestSendNanos = new AtomicLong();
    private UUID operationId;

    LogWorker(RestartStack stack, String topic) {
        this.stack = stack;
        this.topic = topic;
        this.producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafka().bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.LINGER_MS_CONFIG, 2,
                // as EventAppender: keep retrying through a broker restart instead of failing
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 120_000,
                // while the only broker is down the client re-bootstraps and forgets the topic's
                // partitions, so send() blocks until the broker is back; allow a slow restart on a
                // loaded machine (EventAppender keeps the default 60 s)
                ProducerConfig.MAX_BLOCK_MS_CONFIG, 120_000,
                ProducerConfig.CLIENT_ID_CONFIG, "restart-it-worker-" + UUID.randomUUID()),
                new StringSerializer(), new ByteArraySerializer());
    }

    /** Registers a new operation of {@code owner}, held by this worker for ten minutes. */
    UUID register(String owner) throws Exception {
        try (Admin admin = stack.kafka().admin(); Connection connection = stack.jdbc()) {
            operationId = new IndexedOperations(admin, HOLDER, Duration.ofMinutes(10))
                    .register(connection, owner, "test", topic, 1).get(0).id();
        }
        return operationId;
    }

    /** Emits a {@code progress} event every {@code period} until {@link #end}. */
    void emitEvery(Duration period) {
        pacer.scheduleAtFixedRate(() -> emit("progress"), 0, period.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** The seq of the latest event the worker tried to append (it may be blocked handing it over). */
    long attempted() {
        return attempted.get();
    }

    /** Events handed to the producer so far (the last seq it accepted). */
    long sent() {
        return sent.get();
    }

    /** The longest one send() call blocked the worker. */
    Duration longestSend() {
        return Duration.ofNanos(longestSendNanos.get());
    }

    /** Events the broker has acknowledged so far. */
    long acknowledged() {
        return acknowledged.get();
    }

    /**
     * Stops emitting, appends the terminal event, waits until the broker has everything and marks
     * the row completed (terminal event first, as {@code OperationHandle.end} does).
     *
     * @return the seq of the terminal event: the operation has seqs 1 to this
     */
    long end() throws Exception {
        pacer.shutdown();
        if (!pacer.awaitTermination(10, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the worker's pacer did not stop");
        }
        long last = emit("operation_completed");
        producer.flush();
        if (failure.get() != null) {
            throw new IllegalStateException("the producer failed to append an event", failure.get());
        }
        try (Connection connection = stack.jdbc();
             PreparedStatement finish = connection.prepareStatement("UPDATE event_log.operations SET status = 'completed', "
                     + "ended_at = now(), lease_holder = NULL, lease_expires_at = NULL WHERE id = ? AND lease_holder = ?")) {
            finish.setObject(1, operationId);
            finish.setString(2, HOLDER);
            if (finish.executeUpdate() != 1) {
                throw new IllegalStateException("the operation was no longer held by the worker");
            }
        }
        return last;
    }

    private synchronized long emit(String type) {
        long seq = sent.get() + 1;
        attempted.set(seq);
        EventEnvelope envelope = new EventEnvelope(operationId, seq, type, Instant.now(),
                JsonNodeFactory.instance.objectNode().put("n", seq));
        long start = System.nanoTime();
        try {
            producer.send(new ProducerRecord<>(topic, operationId.toString(), envelope.toBytes()), (metadata, error) -> {
                if (error != null) {
                    failure.compareAndSet(null, error);
                } else {
                    acknowledged.incrementAndGet();
                }
            });
        } catch (RuntimeException e) {
            failure.compareAndSet(null, e);
            throw e;
        }
        longestSendNanos.accumulateAndGet(System.nanoTime() - start, Math::max);
        sent.set(seq);
        return seq;
    }

    @Override
    public void close() {
        pacer.shutdownNow();
        producer.close(Duration.ofSeconds(5));
    }
}
