package org.strategylab.bench.sse;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.strategylab.eventlog.EventEnvelope;

/**
 * The yardstick of a replay: one consumer, kept across reads as the gateway's ReplayReader keeps
 * its pooled ones, assigned to the operation's partition, seeking to its first offset and decoding
 * the operation's envelopes (with the ReplayReader's 2,000 records per poll), without writing them
 * anywhere.
 */
final class PlainReplay implements AutoCloseable {

    private final KafkaConsumer<String, byte[]> consumer;

    PlainReplay(String bootstrap) {
        consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000,
                // without it, the first poll after a new seek waits for the fetch still parked at the
                // log end by the previous read (fetch.max.wait.ms, 500 ms by default)
                ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 10,
                ConsumerConfig.CLIENT_ID_CONFIG, "bench-sse-plain-replay"),
                new StringDeserializer(), new ByteArrayDeserializer());
    }

    /** Reads the operation's first {@code events} events; answers how many it read (within a minute). */
    long read(BenchWorker.Operation operation, long events) {
        TopicPartition tp = new TopicPartition(operation.topic, operation.partition);
        consumer.assign(List.of(tp));
        consumer.seek(tp, operation.firstOffset);
        String key = operation.id.toString();
        long read = 0;
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (read < events && System.nanoTime() < deadline) {
            for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                if (key.equals(record.key())) {
                    EventEnvelope.fromBytes(record.value());
                    read++;
                }
            }
        }
        consumer.assign(List.of());
        return read;
    }

    @Override
    public void close() {
        consumer.close(Duration.ZERO);
    }
}
