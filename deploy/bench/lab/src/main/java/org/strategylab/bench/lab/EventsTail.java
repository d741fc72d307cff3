package org.strategylab.bench.lab;

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
 * Follows events topics from their end as they are when the bench starts, on a thread of its own,
 * and notes for every operation when its first event and its terminal event arrived here
 * ({@link System#nanoTime()}, the bench's one clock), the terminal event itself, and the text of
 * every {@code error} the operation reported on the way.
 */
final class EventsTail implements AutoCloseable {

    /** What the events of one operation said so far. */
    static final class Progress {
        volatile long firstNanos;
        volatile String endType;
        volatile JsonNode endData;
        /** Every {@code error} text of the operation's events (the terminal one's included). */
        final List<String> errors = new CopyOnWriteArrayList<>();
        /** When the terminal event arrived ({@link System#nanoTime()}). */
        final CompletableFuture<Long> ended = new CompletableFuture<>();
    }

    private final KafkaConsumer<String, byte[]> consumer;
    private final Map<UUID, Progress> operations = new ConcurrentHashMap<>();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread reader;

    EventsTail(String bootstrapServers, List<String> topics) {
        Properties config = new Properties();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        // answer as soon as anything is there, so an end is seen within milliseconds
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
                    if (progress.firstNanos == 0) {
                        progress.firstNanos = now;
                    }
                    if (event.data().hasNonNull("error") && event.data().path("error").isTextual()) {
                        progress.errors.add(event.data().path("error").asText());
                    }
                    if (OperationKinds.isTerminal(event.type()) && !progress.ended.isDone()) {
                        progress.endType = event.type();
                        progress.endData = event.data();
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
