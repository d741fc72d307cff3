package org.strategylab.testsupport.workers;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.OperationKinds;
import org.strategylab.eventlog.contract.ContractViolationException;
import org.strategylab.eventlog.contract.EventContract;

/**
 * Every event of a service's events topic, grouped by operation, read the way the gateway reads an
 * operation (records keyed by the operation id, envelopes as values) but without an operations
 * index: the stack's topic is new, so reading it whole from the start is cheap. Records that are
 * not envelopes are kept as failures, since nothing else writes to the topic. Every envelope is
 * checked against the event contract ({@code event-log/asyncapi.yaml}); once one does not match,
 * every read throws its {@link ContractViolationException}, so the test fails.
 */
public final class EventsTopic implements AutoCloseable {

    private final KafkaConsumer<String, byte[]> consumer;
    private final List<TopicPartition> partitions = new ArrayList<>();
    private final Map<UUID, List<EventEnvelope>> byOperation = new HashMap<>();
    private final List<String> unreadable = new ArrayList<>();
    private ContractViolationException undocumented;

    public EventsTopic(String bootstrapServers, String topic) {
        Properties config = new Properties();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        consumer = new KafkaConsumer<>(config);
        consumer.partitionsFor(topic, Duration.ofSeconds(30))
                .forEach(info -> partitions.add(new TopicPartition(info.topic(), info.partition())));
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
    }

    /** Reads up to the topic's end as it is now; answers the events of the operation so far, in log order. */
    public synchronized List<EventEnvelope> of(UUID operationId) {
        catchUp();
        return List.copyOf(byOperation.getOrDefault(operationId, List.of()));
    }

    /** Whether the operation's last event so far is terminal. */
    public boolean ended(UUID operationId) {
        List<EventEnvelope> events = of(operationId);
        return !events.isEmpty() && OperationKinds.isTerminal(events.get(events.size() - 1).type());
    }

    /** Records of the topic that were not event envelopes. */
    public synchronized List<String> unreadable() {
        return List.copyOf(unreadable);
    }

    private void catchUp() {
        Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, Duration.ofSeconds(10));
        while (ends.entrySet().stream().anyMatch(end -> consumer.position(end.getKey()) < end.getValue())) {
            for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                try {
                    EventEnvelope envelope = EventEnvelope.fromBytes(record.value());
                    checkContract(envelope);
                    byOperation.computeIfAbsent(envelope.operationId(), id -> new ArrayList<>()).add(envelope);
                } catch (IllegalArgumentException e) {
                    unreadable.add(record.topic() + "-" + record.partition() + "@" + record.offset() + ": " + e.getMessage());
                }
            }
        }
        if (undocumented != null) {
            throw undocumented;
        }
    }

    /** Keeps the first event the contract does not describe (reading goes on, so positions stay right). */
    private void checkContract(EventEnvelope envelope) {
        if (undocumented == null) {
            try {
                EventContract.bundled().check(envelope);
            } catch (ContractViolationException e) {
                undocumented = e;
            }
        }
    }

    @Override
    public synchronized void close() {
        consumer.close();
    }
}
