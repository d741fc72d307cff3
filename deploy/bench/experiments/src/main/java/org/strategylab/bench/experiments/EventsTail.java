package org.strategylab.bench.experiments;

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
 * Follows {@code experiment.events} from its end as it is when the bench starts, on a thread of its
 * own, and notes for every operation when its first and its terminal event arrived here
 * ({@link System#nanoTime()}, the bench's one clock) and how it ended. A plain assigned consumer
 * polling continuously, so an event is seen within milliseconds of being written.
 */
final class EventsTail implements AutoCloseable {

    /**
     * One event of an operation: its type, its {@code phase} (progress events; else null), when it arrived
     * here ({@link System#nanoTime()}), its record's timestamp (ms) and its size.
     */
    record Arrival(String type, String phase, long nanos, long recordMillis, int bytes) {
    }

    /** When an operation's events arrived and how it ended. */
    static final class Progress {
        volatile long firstNanos;
        volatile String endStatus;
        /** The terminal event's {@code error} text, when it has one. */
        volatile String endError;
        /** Every event as it arrived: its type, when it arrived here, and the record's (producer's) wall-clock time. */
        final List<Arrival> arrivals = new CopyOnWriteArrayList<>();
        final CompletableFuture<Long> ended = new CompletableFuture<>();
    }

    private final KafkaConsumer<String, byte[]> consumer;
    private final Map<UUID, Progress> operations = new ConcurrentHashMap<>();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread reader;

    EventsTail(String bootstrapServers, String topic) {
        Properties config = new Properties();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        // as the gateway's live tail: answer as soon as anything is there
        config.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "10");
        consumer = new KafkaConsumer<>(config);
        List<TopicPartition> partitions = new ArrayList<>();
        // the service has just created the topic: its metadata may reach this client a moment later
        Waiting.until(topic + " has partitions", Duration.ofSeconds(60),
                () -> !consumer.partitionsFor(topic, Duration.ofSeconds(5)).isEmpty());
        consumer.partitionsFor(topic, Duration.ofSeconds(30))
                .forEach(info -> partitions.add(new TopicPartition(topic, info.partition())));
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position);
        reader = new Thread(this::read, "events-tail");
        reader.setDaemon(true);
        reader.start();
    }

    /** The operation's progress (created on first ask, so a run that ends before anyone asks is not missed). */
    Progress of(UUID operationId) {
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
                    progress.arrivals.add(new Arrival(event.type(), event.data().hasNonNull("phase") ? event.data().path("phase").asText() : null,
                            now, record.timestamp(), record.value().length));
                    if (progress.firstNanos == 0) {
                        progress.firstNanos = now;
                    }
                    if (OperationKinds.isTerminal(event.type())) {
                        progress.endStatus = event.data().path("status").asText(event.type());
                        progress.endError = event.data().hasNonNull("error") ? event.data().path("error").asText() : null;
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
