package org.strategylab.bench.sse;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.strategylab.eventlog.EventEnvelope;

/**
 * The yardstick: a plain KafkaConsumer on its own thread reading the same topic from its end (as
 * the gateway's tail does: assigned partitions, no group), decoding every envelope and recording
 * the same produce-to-receipt latency the SSE clients record.
 */
final class PlainConsumer implements AutoCloseable {

    private final KafkaConsumer<String, byte[]> consumer;
    private final Tally tally;
    private final Thread thread;
    private volatile boolean running = true;

    PlainConsumer(String bootstrap, String topic, Tally tally) {
        this.tally = tally;
        this.consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.CLIENT_ID_CONFIG, "bench-sse-plain-consumer"),
                new StringDeserializer(), new ByteArrayDeserializer());
        List<TopicPartition> partitions = new ArrayList<>();
        for (PartitionInfo info : consumer.partitionsFor(topic, Duration.ofSeconds(30))) {
            partitions.add(new TopicPartition(topic, info.partition()));
        }
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        // resolve the positions now, so nothing appended from here on is skipped
        partitions.forEach(consumer::position);
        this.thread = new Thread(this::run, "plain-consumer");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    private void run() {
        try {
            while (running) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                    long now = System.nanoTime();
                    EventEnvelope envelope = EventEnvelope.fromBytes(record.value());
                    tally.record(envelope.data().path("p").asInt(-1), envelope.data().path("t").asLong(), now);
                }
            }
        } catch (WakeupException e) {
            // close() stops the loop
        } finally {
            consumer.close(Duration.ZERO);
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        consumer.wakeup();
        thread.join(10_000);
    }
}
