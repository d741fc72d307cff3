package org.strategylab.testsupport.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Reads every record of some topics (key, value, headers) and names those holding a credential: a
 * JWT (three base64url segments, a JSON header first) or any of the given secrets. Commands and
 * events must carry who a user is, never what proves it, because anyone who can read a topic could
 * replay what it holds for the topic's whole retention.
 */
public final class TopicCredentialScan {

    /** A compact JWS: base64url of a JSON header ({@code eyJ}), of a JSON payload, and a signature. */
    static final Pattern JWT = Pattern.compile("eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]+");

    private TopicCredentialScan() {
    }

    /**
     * The records that hold a credential, as {@code topic/partition@offset: where}; empty when none does.
     *
     * @param clientSettings how to reach the broker (bootstrap servers and a login allowed to read everything)
     * @param secrets        further strings that must appear nowhere (e.g. the callers' own tokens)
     */
    public static List<String> findCredentials(Map<String, Object> clientSettings, List<String> topics, List<String> secrets) {
        Map<String, Object> settings = new HashMap<>(clientSettings);
        settings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        List<String> found = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(settings, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (String topic : topics) {
                for (PartitionInfo info : consumer.partitionsFor(topic, Duration.ofSeconds(10))) {
                    partitions.add(new TopicPartition(topic, info.partition()));
                }
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, Duration.ofSeconds(10));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (partitions.stream().anyMatch(p -> consumer.position(p, Duration.ofSeconds(10)) < ends.get(p))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the topics could not be read to their end within 60 s");
                }
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                    String where = record.topic() + "/" + record.partition() + "@" + record.offset();
                    check(where + " key", record.key(), secrets, found);
                    check(where + " value", record.value(), secrets, found);
                    for (Header header : record.headers()) {
                        check(where + " header " + header.key(), header.value(), secrets, found);
                    }
                }
            }
        }
        return found;
    }

    private static void check(String where, byte[] bytes, List<String> secrets, List<String> found) {
        if (bytes == null) {
            return;
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (JWT.matcher(text).find()) {
            found.add(where + ": a JWT");
        }
        for (String secret : secrets) {
            if (!secret.isEmpty() && text.contains(secret)) {
                found.add(where + ": a caller's token");
            }
        }
    }
}
