package org.strategylab.testsupport.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.OperationKinds;
import org.strategylab.testsupport.process.Waiting;

/**
 * For the benchmarks: follows events topics from their end as they are when the bench starts, on a
 * thread of its own, and notes for every operation when each event arrived here
 * ({@link System#nanoTime()}, the bench's one clock), the text of every {@code error} it reported,
 * and its terminal event. A plain assigned consumer polling continuously, as the gateway's live
 * tail, so an event is seen within milliseconds of being written. (The tests' {@code EventsTopic}
 * reads a topic whole on demand instead, and checks every event against the contract.)
 */
public final class LiveEventsTail implements AutoCloseable {

    /**
     * One event of an operation: its type, its {@code phase} (progress events; else null), when it
     * arrived here ({@link System#nanoTime()}), its record's timestamp (ms) and its size.
     */
    public record Arrival(String type, String phase, long nanos, long recordMillis, int bytes) {
    }

    /** What the events of one operation said so far. */
    public static final class Progress {
        /** When its first event arrived ({@link System#nanoTime()}); 0 before. */
        public volatile long firstNanos;
        /** The terminal event's type and payload, once it arrived. */
        public volatile String endType;
        public volatile JsonNode endData;
        /** Every event as it arrived. */
        public final List<Arrival> arrivals = new CopyOnWriteArrayList<>();
        /** Every {@code error} text of the operation's events (the terminal one's included). */
        public final List<String> errors = new CopyOnWriteArrayList<>();
        /** Completes with the time the terminal event arrived ({@link System#nanoTime()}). */
        public final CompletableFuture<Long> ended = new CompletableFuture<>();

        /** The terminal event's {@code status}, else its type; null before it arrived. */
        public String endStatus() {
            JsonNode data = endData;
            return data == null ? null : data.path("status").asText(endType);
        }

        /** The terminal event's {@code error} text, when it has one. */
        public String endError() {
            JsonNode data = endData;
            return data != null && data.hasNonNull("error") ? data.path("error").asText() : null;
        }
    }

    private final KafkaConsumer<String, byte[]> consumer;
    private final Map<UUID, Progress> operations = new ConcurrentHashMap<>();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread reader;

    public LiveEventsTail(String bootstrapServers, List<String> topics) {
        Properties config = new Properties();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        // as the gateway's live tail: answer as soon as anything is there
        config.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "10");
        consumer = new KafkaConsumer<>(config);
        List<TopicPartition> partitions = new ArrayList<>();
        for (String topic : topics) {
            // the services have just created their topics: the metadata may reach this client a moment later
            Waiting.until(topic + " has partitions", Duration.ofSeconds(60),
                    () -> !consumer.partitionsFor(topic, Duration.ofSeconds(5)).isEmpty());
            consumer.partitionsFor(topic, Duration.ofSeconds(30))
                    .forEach(info -> partitions.add(new TopicPartition(topic, info.partition())));
        }
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position);
        reader = new Thread(this::read, "events-tail");
        reader.setDaemon(true);
        reader.start();
    }

    /** The operation's progress (created on first ask, so an operation that ends before anyone asks is not missed). */
    public Progress of(UUID operationId) {
        return operations.computeIfAbsent(operationId, id -> new Progress());
    }

    private void read() {
        try {
            while (running.get()) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                    long now = System.nanoTime();
                    EventEnvelope event;
                    try {
                        event = EventEnvelope.fromBytes(record.value());
                    } catch (IllegalArgumentException e) {
                        continue;
                    }
                    Progress progress = of(event.operationId());
                    JsonNode data = event.data();
                    progress.arrivals.add(new Arrival(event.type(), data.hasNonNull("phase") ? data.path("phase").asText() : null,
                            now, record.timestamp(), record.value().length));
                    if (progress.firstNanos == 0) {
                        progress.firstNanos = now;
                    }
                    if (data.hasNonNull("error") && data.path("error").isTextual()) {
                        progress.errors.add(data.path("error").asText());
                    }
                    if (OperationKinds.isTerminal(event.type()) && !progress.ended.isDone()) {
                        progress.endType = event.type();
                        progress.endData = data;
                        progress.ended.complete(now);
                    }
                }
            }
        } catch (WakeupException e) {
            // closing
        } finally {
            consumer.close();
        }
    }

    @Override
    public void close() throws InterruptedException {
        running.set(false);
        consumer.wakeup();
        reader.join(10_000);
    }
}
