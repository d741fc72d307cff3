package org.strategylab.gateway.stream;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.atomic.AtomicLongArray;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jboss.logging.Logger;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.LoggedEvent;

/**
 * The one consumer per topic per gateway that reads new events as they are written and hands each
 * to the streams of its operation. It starts at the end of every partition; anything older is read
 * by a stream's own catch-up. It publishes, per partition, the offset it will read next: every
 * event below it has already been handed to the listeners registered at that time, which is what
 * lets a stream switch from catch-up to live without a gap.
 */
final class TopicTail {

    private static final Logger LOG = Logger.getLogger(TopicTail.class);

    private final String topic;
    private final KafkaConsumer<String, byte[]> consumer;
    private final Map<String, Set<LiveListener>> listeners = new ConcurrentHashMap<>();
    private final CompletableFuture<AtomicLongArray> ready = new CompletableFuture<>();
    private final Thread thread;
    private volatile boolean running = true;

    TopicTail(String topic, String bootstrapServers) {
        this.topic = topic;
        this.consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest",
                ConsumerConfig.CLIENT_ID_CONFIG, "strategylab-gateway-tail-" + topic + "-" + UUID.randomUUID(),
                // live events should leave the broker at once, not wait for a fuller fetch
                ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 50),
                new StringDeserializer(), new ByteArrayDeserializer());
        this.thread = new Thread(this::run, "tail-" + topic);
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    String topic() {
        return topic;
    }

    /** Completes with the per-partition next offsets once the consumer is placed at the tail. */
    CompletableFuture<AtomicLongArray> ready() {
        return ready;
    }

    void register(UUID operationId, LiveListener listener) {
        listeners.computeIfAbsent(operationId.toString(), id -> new CopyOnWriteArraySet<>()).add(listener);
    }

    void unregister(UUID operationId, LiveListener listener) {
        listeners.computeIfPresent(operationId.toString(), (id, set) -> {
            set.remove(listener);
            return set.isEmpty() ? null : set;
        });
    }

    /** How many operations have live listeners now. */
    int watchedOperations() {
        return listeners.size();
    }

    private void run() {
        try {
            List<TopicPartition> partitions = awaitPartitions();
            if (partitions == null) {
                return;
            }
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            AtomicLongArray next = new AtomicLongArray(partitions.size());
            for (TopicPartition tp : partitions) {
                next.set(tp.partition(), consumer.position(tp));
            }
            ready.complete(next);
            LOG.debugf("tailing %s from %s", topic, next);
            while (running) {
                ConsumerRecords<String, byte[]> records = consumer.poll(Duration.ofMillis(500));
                for (ConsumerRecord<String, byte[]> record : records) {
                    // position first, then dispatch: a stream registering in between catches the
                    // record up and also gets it live (a duplicate it drops) instead of neither
                    next.set(record.partition(), record.offset() + 1);
                    dispatch(record);
                }
                for (TopicPartition tp : partitions) {
                    next.set(tp.partition(), Math.max(next.get(tp.partition()), consumer.position(tp)));
                }
            }
        } catch (WakeupException e) {
            if (running) {
                LOG.errorf(e, "the tail of %s stopped unexpectedly", topic);
            }
        } catch (RuntimeException e) {
            LOG.errorf(e, "the tail of %s failed", topic);
            ready.completeExceptionally(e);
        } finally {
            consumer.close(Duration.ZERO);
        }
    }

    private List<TopicPartition> awaitPartitions() {
        while (running) {
            // blocks up to the timeout while the topic does not exist yet (its owner creates it)
            List<PartitionInfo> infos;
            try {
                infos = consumer.partitionsFor(topic, Duration.ofSeconds(2));
            } catch (org.apache.kafka.common.errors.TimeoutException e) {
                infos = List.of();
            }
            if (infos != null && !infos.isEmpty()) {
                List<TopicPartition> partitions = new ArrayList<>();
                infos.forEach(info -> partitions.add(new TopicPartition(topic, info.partition())));
                partitions.sort(java.util.Comparator.comparingInt(TopicPartition::partition));
                return partitions;
            }
        }
        return null;
    }

    private void dispatch(ConsumerRecord<String, byte[]> record) {
        Set<LiveListener> watching = record.key() == null ? null : listeners.get(record.key());
        if (watching == null || watching.isEmpty()) {
            return;
        }
        LiveEvent event;
        try {
            event = new LiveEvent(new LoggedEvent(EventEnvelope.fromBytes(record.value()), record.partition(),
                    record.offset()));
        } catch (IllegalArgumentException e) {
            LOG.warnf("skipping a record that is not an event envelope at %s-%d@%d", topic, record.partition(),
                    record.offset());
            return;
        }
        for (LiveListener listener : watching) {
            listener.live(event);
        }
    }

    void stop() {
        running = false;
        consumer.wakeup();
        ready.completeExceptionally(new IllegalStateException("the gateway is stopping"));
    }
}
