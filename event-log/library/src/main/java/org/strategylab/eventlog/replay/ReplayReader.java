package org.strategylab.eventlog.replay;

import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.KafkaClientSecurity;
import org.strategylab.eventlog.LoggedEvent;
import org.strategylab.eventlog.config.EventLogConfig;

/**
 * Reads one operation's past events: assigns the operation's partition, seeks straight to the
 * wanted offset and reads up to a known end, keeping only the operation's key. No consumer group,
 * no committed offsets, and no scan of anything before the operation's first offset.
 * Consumers are pooled, because creating one costs a metadata round trip.
 *
 * <p>Blocking: call it from a worker thread.
 */
@ApplicationScoped
public class ReplayReader {

    private static final Logger LOG = Logger.getLogger(ReplayReader.class);
    private static final Duration POLL = Duration.ofMillis(200);

    @Inject
    EventLogConfig config;

    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    private volatile BlockingQueue<KafkaConsumer<String, byte[]>> idle;
    private final AtomicInteger created = new AtomicInteger();
    private volatile boolean closed;

    /**
     * Delivers the operation's events at offsets {@code [from, until)} to the sink, in log order.
     * Records of other operations sharing the partition are skipped; records that are not
     * envelopes are logged and skipped.
     *
     * @return the offset after the last record read (at least {@code until} unless retention
     *         removed the range's start, in which case reading began at the oldest kept offset)
     * @throws ReplayTimeoutException when the broker does not deliver the range in time
     */
    public long read(String topic, int partition, long from, long until, UUID operationId,
                     Consumer<LoggedEvent> sink) {
        return read(topic, partition, from, until, operationId, Integer.MAX_VALUE, sink);
    }

    /**
     * Like {@link #read(String, int, long, long, UUID, Consumer)}, but stops after delivering
     * {@code maxEvents} events, so a caller can read a long history a piece at a time and hold
     * nothing (no thread, no consumer) between pieces.
     *
     * @return the offset to continue from: after the last record read, {@code until} once the
     *         range is done
     */
    public long read(String topic, int partition, long from, long until, UUID operationId, int maxEvents,
                     Consumer<LoggedEvent> sink) {
        if (from >= until) {
            return from;
        }
        KafkaConsumer<String, byte[]> consumer = borrow();
        TopicPartition tp = new TopicPartition(topic, partition);
        String key = operationId.toString();
        try {
            consumer.assign(List.of(tp));
            consumer.seek(tp, from);
            long position = from;
            int delivered = 0;
            long deadline = System.nanoTime() + config.replay().timeout().toNanos();
            while (position < until) {
                ConsumerRecords<String, byte[]> records = consumer.poll(POLL);
                for (ConsumerRecord<String, byte[]> record : records.records(tp)) {
                    if (record.offset() >= until) {
                        return until;
                    }
                    position = record.offset() + 1;
                    if (key.equals(record.key()) && deliver(record, partition, sink) && ++delivered >= maxEvents) {
                        return Math.min(position, until);
                    }
                }
                if (records.isEmpty()) {
                    // transaction markers and compacted gaps advance the position without records
                    position = Math.max(position, consumer.position(tp));
                    if (System.nanoTime() > deadline) {
                        throw new ReplayTimeoutException("no records from " + tp + " at offset " + position
                                + " within " + config.replay().timeout());
                    }
                } else {
                    deadline = System.nanoTime() + config.replay().timeout().toNanos();
                }
            }
            return position;
        } finally {
            consumer.assign(List.of());
            giveBack(consumer);
        }
    }

    /** Answers whether the record was an envelope (and was delivered). */
    private static boolean deliver(ConsumerRecord<String, byte[]> record, int partition, Consumer<LoggedEvent> sink) {
        EventEnvelope envelope;
        try {
            envelope = EventEnvelope.fromBytes(record.value());
        } catch (IllegalArgumentException e) {
            LOG.warnf("skipping a record that is not an event envelope at %s-%d@%d: %s", record.topic(), partition,
                    record.offset(), e.getMessage());
            return false;
        }
        sink.accept(new LoggedEvent(envelope, partition, record.offset()));
        return true;
    }

    private KafkaConsumer<String, byte[]> borrow() {
        BlockingQueue<KafkaConsumer<String, byte[]>> queue = queue();
        KafkaConsumer<String, byte[]> consumer = queue.poll();
        if (consumer != null) {
            return consumer;
        }
        if (created.incrementAndGet() <= config.replay().consumers()) {
            return create();
        }
        created.decrementAndGet();
        try {
            consumer = queue.poll(config.replay().timeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReplayTimeoutException("interrupted while waiting for a replay consumer");
        }
        if (consumer == null) {
            throw new ReplayTimeoutException("every replay consumer stayed busy for " + config.replay().timeout());
        }
        return consumer;
    }

    private void giveBack(KafkaConsumer<String, byte[]> consumer) {
        if (closed || !queue().offer(consumer)) {
            consumer.close(Duration.ZERO);
        }
    }

    private BlockingQueue<KafkaConsumer<String, byte[]>> queue() {
        BlockingQueue<KafkaConsumer<String, byte[]>> current = idle;
        if (current == null) {
            synchronized (this) {
                current = idle;
                if (current == null) {
                    current = new ArrayBlockingQueue<>(config.replay().consumers());
                    idle = current;
                }
            }
        }
        return current;
    }

    private KafkaConsumer<String, byte[]> create() {
        KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(KafkaClientSecurity.secured(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                // a seek below what retention kept starts at the oldest record still there
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, config.replay().maxPollRecords(),
                // a pooled consumer may still have a fetch parked at the log end from its last read;
                // with the default 500 ms wait every catch-up would start half a second late
                ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 10,
                ConsumerConfig.CLIENT_ID_CONFIG, "strategylab-replay-" + created.get())),
                new StringDeserializer(), new ByteArrayDeserializer());
        return consumer;
    }

    void close(@Observes ShutdownEvent event) {
        closed = true;
        BlockingQueue<KafkaConsumer<String, byte[]>> queue = idle;
        if (queue != null) {
            KafkaConsumer<String, byte[]> consumer;
            while ((consumer = queue.poll()) != null) {
                consumer.close(Duration.ZERO);
            }
        }
    }
}
