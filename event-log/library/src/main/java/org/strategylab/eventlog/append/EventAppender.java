package org.strategylab.eventlog.append;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.KafkaClientSecurity;
import org.strategylab.eventlog.LoggedEvent;
import org.strategylab.eventlog.config.EventLogConfig;

/**
 * Appends events to the log: an idempotent producer with {@code acks=all}, keyed by operation id
 * so an operation's events share one partition and keep their order. Retries inside the producer
 * never duplicate or reorder a record; readers still drop repeated {@code seq}s as a second guard.
 * Events wait for the producer in a bounded queue ({@code producer.queue-capacity}): while the
 * broker is away they pile up there, and once it is full an event is refused at once with an
 * {@link AppendQueueFullException} instead of the instance filling its heap.
 */
@ApplicationScoped
public class EventAppender {

    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    @Inject
    EventLogConfig config;

    @Inject
    Instance<MeterRegistry> registries;

    private volatile Producer<String, byte[]> producer;
    private volatile ThreadPoolExecutor sender;
    private final AtomicLong refused = new AtomicLong();

    void onStart(@Observes StartupEvent event) {
        if (registries.isResolvable()) {
            bindMetrics(registries.get());
        }
    }

    /** Registers the queue gauge and the refusal counter. */
    void bindMetrics(MeterRegistry metrics) {
        Gauge.builder("strategylab.events.append.queued", sender(), executor -> executor.getQueue().size())
                .description("Events waiting for the producer (grows while the broker is away)").register(metrics);
        FunctionCounter.builder("strategylab.events.append.refused", refused, AtomicLong::get)
                .description("Events refused because the append queue was full").register(metrics);
    }

    /** Events waiting for the producer now (a metric and a test aid). */
    public int queued() {
        ThreadPoolExecutor executor = sender;
        return executor == null ? 0 : executor.getQueue().size();
    }

    /** Events refused so far because the queue was full. */
    public long refused() {
        return refused.get();
    }

    /**
     * Queues one event for the producer and returns at once; the future completes with its position
     * once the broker has it on all replicas. Events are handed to the producer by one thread in
     * call order, so events sent one after another keep their order — and a caller on an event
     * loop never blocks, even while the broker is away (the producer then waits for metadata for
     * up to {@code max.block.ms}). When {@code producer.queue-capacity} events are already
     * waiting, the answer is failed at once with an {@link AppendQueueFullException}.
     */
    public CompletableFuture<LoggedEvent> send(String topic, EventEnvelope event) {
        CompletableFuture<LoggedEvent> appended = new CompletableFuture<>();
        try {
            sender().execute(() -> hand(topic, event, appended));
        } catch (RejectedExecutionException e) {
            if (sender().isShutdown()) {
                appended.completeExceptionally(new IllegalStateException("the event log is shutting down", e));
            } else {
                refused.incrementAndGet();
                appended.completeExceptionally(new AppendQueueFullException(topic, event.operationId(),
                        config.producer().queueCapacity()));
            }
        } catch (RuntimeException e) {
            appended.completeExceptionally(e);
        }
        return appended;
    }

    private ThreadPoolExecutor sender() {
        ThreadPoolExecutor current = sender;
        if (current == null) {
            synchronized (this) {
                current = sender;
                if (current == null) {
                    // one thread keeps call order; the bounded queue is what a broker outage can fill
                    current = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
                            new LinkedBlockingQueue<>(config.producer().queueCapacity()), runnable -> {
                                Thread thread = new Thread(runnable, "event-log-sender");
                                thread.setDaemon(true);
                                return thread;
                            }, new ThreadPoolExecutor.AbortPolicy());
                    sender = current;
                }
            }
        }
        return current;
    }

    private void hand(String topic, EventEnvelope event, CompletableFuture<LoggedEvent> appended) {
        try {
            ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, event.operationId().toString(),
                    event.toBytes());
            producer().send(record, (metadata, error) -> {
                if (error != null) {
                    appended.completeExceptionally(error);
                } else {
                    appended.complete(new LoggedEvent(event, metadata.partition(), metadata.offset()));
                }
            });
        } catch (RuntimeException e) {
            appended.completeExceptionally(e);
        }
    }

    /**
     * Sends a command again (an operation whose worker died, run once more): the payload as it was on
     * its commands topic, in call order with the events. Completes once the broker has it.
     */
    public CompletableFuture<Void> sendCommand(String topic, String key, String payload) {
        CompletableFuture<Void> sent = new CompletableFuture<>();
        try {
            sender().execute(() -> {
                try {
                    producer().send(new ProducerRecord<>(topic, key, payload.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                            (metadata, error) -> {
                                if (error != null) {
                                    sent.completeExceptionally(error);
                                } else {
                                    sent.complete(null);
                                }
                            });
                } catch (RuntimeException e) {
                    sent.completeExceptionally(e);
                }
            });
        } catch (RuntimeException e) {
            sent.completeExceptionally(e);
        }
        return sent;
    }

    /** {@link #send}, as a lazy {@link Uni}: the event is sent when the Uni is subscribed. */
    public Uni<LoggedEvent> append(String topic, EventEnvelope event) {
        return Uni.createFrom().completionStage(() -> send(topic, event));
    }

    /** The partition every event of this operation goes to (the producer's own choice for the key). */
    public int partitionFor(String topic, UUID operationId) {
        int partitions = producer().partitionsFor(topic).size();
        byte[] key = operationId.toString().getBytes(StandardCharsets.UTF_8);
        return BuiltInPartitioner.partitionForKey(key, partitions);
    }

    /** Waits until every event queued so far is acknowledged. */
    public void flush() {
        try {
            sender().submit(() -> { }).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
        Producer<String, byte[]> current = producer;
        if (current != null) {
            current.flush();
        }
    }

    // after everything that may still emit (LeaseKeeper ends its operations first)
    void close(@Observes @Priority(10_000) ShutdownEvent event) {
        ThreadPoolExecutor executor = sender();
        executor.shutdown();
        try {
            // what workers emitted while stopping (their failure events) still goes out
            executor.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Producer<String, byte[]> current = producer;
        if (current != null) {
            current.close(java.time.Duration.ofSeconds(10));
        }
    }

    private Producer<String, byte[]> producer() {
        Producer<String, byte[]> current = producer;
        if (current == null) {
            synchronized (this) {
                current = producer;
                if (current == null) {
                    current = new KafkaProducer<>(KafkaClientSecurity.secured(Map.of(
                            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                            ProducerConfig.ACKS_CONFIG, "all",
                            ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                            ProducerConfig.LINGER_MS_CONFIG, (int) config.producer().linger().toMillis(),
                            ProducerConfig.CLIENT_ID_CONFIG, "strategylab-events-" + UUID.randomUUID(),
                            // keep retrying through a broker restart instead of failing the operation
                            ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 120_000,
                            // how long one send waits for the broker's metadata; meanwhile the queue fills
                            ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) config.producer().maxBlock().toMillis())),
                            new StringSerializer(), new ByteArraySerializer());
                    producer = current;
                }
            }
        }
        return current;
    }
}
