package org.strategylab.gateway.stream;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.atomic.AtomicLong;
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
import org.strategylab.eventlog.KafkaClientSecurity;
import org.strategylab.eventlog.LoggedEvent;

/**
 * The one consumer per topic per gateway that reads new events as they are written and hands each
 * to the streams of its operation. It starts at the end of every partition; anything older is read
 * by a stream's own catch-up. It publishes, per partition, the offset it will read next: every
 * event below it has already been handed to the listeners registered at that time, which is what
 * lets a stream switch from catch-up to live without a gap. A consumer that fails is replaced,
 * after a back-off, by one that goes on from those offsets; readiness is DOWN meanwhile.
 */
final class TopicTail {

    private static final Logger LOG = Logger.getLogger(TopicTail.class);

    /** Where the tail is in its life, for readiness. */
    enum State {
        /** Waiting for its topic to exist (its owner creates it), before the first placement. */
        WAITING_FOR_TOPIC,
        /** Placed and reading. */
        RUNNING,
        /** Its consumer failed; it is waiting to start again or being placed again. */
        RESTARTING,
        /** Stopped with the gateway. */
        STOPPED
    }

    private final String topic;
    private final String bootstrapServers;
    private final Duration firstBackoff;
    private final Duration maxBackoff;
    private final long recentBytes;
    /** What the tail read last, per partition; set at the first placement. */
    private volatile RecentRecords recent;
    private final Map<String, Set<LiveListener>> listeners = new ConcurrentHashMap<>();
    private final CompletableFuture<AtomicLongArray> ready = new CompletableFuture<>();
    private final Thread thread;
    private final AtomicLong restarts = new AtomicLong();
    private volatile KafkaConsumer<String, byte[]> consumer;
    private volatile State state = State.WAITING_FOR_TOPIC;
    private volatile String lastFailure;
    private volatile boolean running = true;
    /** The offsets to read next, per partition; kept across restarts so nothing is skipped. */
    private AtomicLongArray next;

    TopicTail(String topic, String bootstrapServers, Duration firstBackoff, Duration maxBackoff, long recentBytes) {
        this.topic = topic;
        this.recentBytes = recentBytes;
        this.bootstrapServers = bootstrapServers;
        this.firstBackoff = firstBackoff;
        this.maxBackoff = maxBackoff;
        this.thread = new Thread(this::run, "tail-" + topic);
        this.thread.setDaemon(true);
    }

    private KafkaConsumer<String, byte[]> newConsumer() {
        return new KafkaConsumer<>(KafkaClientSecurity.secured(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest",
                // the topic's owner creates it with its partitions and retention; a tail never does
                ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false,
                ConsumerConfig.CLIENT_ID_CONFIG, "strategylab-gateway-tail-" + topic + "-" + UUID.randomUUID(),
                // live events should leave the broker at once, not wait for a fuller fetch
                ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 50)),
                new StringDeserializer(), new ByteArrayDeserializer());
    }

    void start() {
        thread.start();
    }

    String topic() {
        return topic;
    }

    State state() {
        return state;
    }

    /** How often the consumer failed and was started again. */
    long restarts() {
        return restarts.get();
    }

    /** Why the consumer failed last, if it did. */
    String lastFailure() {
        return lastFailure;
    }

    /** Completes with the per-partition next offsets once the consumer is placed at the tail. */
    CompletableFuture<AtomicLongArray> ready() {
        return ready;
    }

    /**
     * An operation's events in [from, until) of its partition from what the tail read last, when
     * every record of that range is still held; empty when the broker must be asked.
     */
    Optional<List<LoggedEvent>> recentEvents(int partition, long from, long until, UUID operationId) {
        RecentRecords held = recent;
        if (held == null) {
            return Optional.empty();
        }
        return held.between(partition, from, until, operationId.toString()).map(records -> {
            List<LoggedEvent> events = new ArrayList<>(records.size());
            for (RecentRecords.Held record : records) {
                try {
                    events.add(new LoggedEvent(EventEnvelope.fromBytes(record.value()), partition, record.offset()));
                } catch (IllegalArgumentException e) {
                    // not an envelope: a catch-up from the log skips it too
                }
            }
            return events;
        });
    }

    /** Whether every record of the partition from {@code offset} on is among what the tail holds. */
    boolean holdsFrom(int partition, long offset) {
        RecentRecords held = recent;
        return held != null && partition < held.partitions() && offset >= held.floor(partition);
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

    /**
     * Tails until stopped. A consumer that fails is closed and a new one is placed where the old
     * one stopped (the published next offsets), after a back-off that doubles per consecutive
     * failure; live streams see the events of the outage late, never lose them.
     */
    private void run() {
        Duration backoff = firstBackoff;
        while (running) {
            KafkaConsumer<String, byte[]> current = newConsumer();
            consumer = current;
            boolean wasRunning = false;
            try {
                tail(current);
            } catch (RuntimeException e) {
                // WakeupException and Kafka's InterruptException included; the latter re-sets the
                // thread's interrupt flag, which would cut the back-off and the close short
                Thread.interrupted();
                wasRunning = state == State.RUNNING;
                if (running) {
                    failed(e);
                }
            } finally {
                try {
                    current.close(Duration.ZERO);
                } catch (RuntimeException e) {
                    LOG.debugf("closing the failed tail consumer of %s: %s", topic, e);
                }
            }
            if (!running) {
                break;
            }
            if (wasRunning) {
                // only consecutive failures (no placement in between) wait longer and longer
                backoff = firstBackoff;
            }
            LOG.infof("restarting the tail of %s in %d ms", topic, backoff.toMillis());
            if (!pause(backoff)) {
                break;
            }
            Duration doubled = backoff.multipliedBy(2);
            backoff = doubled.compareTo(maxBackoff) > 0 ? maxBackoff : doubled;
        }
        state = State.STOPPED;
    }

    private void failed(RuntimeException e) {
        state = State.RESTARTING;
        lastFailure = e.toString();
        restarts.incrementAndGet();
        LOG.errorf(e, "the tail of %s failed", topic);
    }

    private boolean pause(Duration backoff) {
        try {
            Thread.sleep(backoff.toMillis());
            return true;
        } catch (InterruptedException e) {
            // an interrupt is a failure like any other unless the gateway is stopping
            return running;
        }
    }

    private void tail(KafkaConsumer<String, byte[]> consumer) {
        List<TopicPartition> partitions = awaitPartitions(consumer);
        if (partitions == null) {
            return;
        }
        consumer.assign(partitions);
        if (next == null) {
            consumer.seekToEnd(partitions);
            AtomicLongArray positions = new AtomicLongArray(partitions.size());
            for (TopicPartition tp : partitions) {
                positions.set(tp.partition(), consumer.position(tp));
            }
            next = positions;
        } else {
            // after a failure: on from where the failed consumer stopped
            for (TopicPartition tp : partitions) {
                if (tp.partition() < next.length()) {
                    consumer.seek(tp, next.get(tp.partition()));
                }
            }
        }
        AtomicLongArray positions = next;
        if (recent == null) {
            recent = new RecentRecords(positions.length(), recentBytes);
        }
        for (int p = 0; p < positions.length(); p++) {
            recent.startAt(p, positions.get(p));
        }
        ready.complete(positions);
        state = State.RUNNING;
        LOG.debugf("tailing %s from %s", topic, positions);
        while (running) {
            ConsumerRecords<String, byte[]> records = consumer.poll(Duration.ofMillis(500));
            for (ConsumerRecord<String, byte[]> record : records) {
                if (record.partition() >= positions.length()) {
                    continue;
                }
                // held, then position, then dispatch: a stream registering in between catches the
                // record up (from memory) and also gets it live (a duplicate it drops) instead of neither
                recent.add(record.partition(), record.offset(), record.key(), record.value());
                positions.set(record.partition(), record.offset() + 1);
                dispatch(record);
            }
            for (TopicPartition tp : partitions) {
                if (tp.partition() < positions.length()) {
                    long position = consumer.position(tp);
                    recent.advance(tp.partition(), position);
                    positions.set(tp.partition(), Math.max(positions.get(tp.partition()), position));
                }
            }
        }
    }

    private List<TopicPartition> awaitPartitions(KafkaConsumer<String, byte[]> consumer) {
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
        KafkaConsumer<String, byte[]> current = consumer;
        if (current != null) {
            current.wakeup();
        }
        thread.interrupt();
        ready.completeExceptionally(new IllegalStateException("the gateway is stopping"));
    }
}
