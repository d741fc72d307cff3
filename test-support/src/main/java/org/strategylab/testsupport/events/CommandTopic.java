package org.strategylab.testsupport.events;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.awaitility.Awaitility;

/**
 * A service's commands topic seen from outside: how many commands it holds and how far the
 * service's consumer group has committed, through Kafka's admin client. For tests that check what
 * went through the topic (and that its consumer is done with it).
 */
public final class CommandTopic implements AutoCloseable {

    private final Admin admin;
    private final String topic;
    private final String group;

    /**
     * @param bootstrapServers the broker
     * @param topic            the commands topic
     * @param group            the service's consumer group on it
     */
    public CommandTopic(String bootstrapServers, String topic, String group) {
        this.admin = Admin.create(Map.of("bootstrap.servers", bootstrapServers));
        this.topic = topic;
        this.group = group;
    }

    /** The end offset of each partition (the service creates the topic as it starts: waited for). */
    public Map<TopicPartition, Long> ends() {
        return Awaitility.await(topic + "'s end offsets").atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .until(this::readEnds, offsets -> !offsets.isEmpty());
    }

    /** The commands the topic holds: the sum of its end offsets. */
    public static long total(Map<TopicPartition, Long> offsets) {
        return offsets.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Waits until the consumer group has committed up to these end offsets. */
    public void awaitConsumed(Map<TopicPartition, Long> ends, Duration within) {
        Awaitility.await("the commands are consumed").atMost(within).ignoreExceptions()
                .until(() -> committed(ends.keySet().stream().toList()).equals(ends));
    }

    private Map<TopicPartition, Long> readEnds() throws Exception {
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions()
                .forEach(p -> latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
        Map<TopicPartition, Long> offsets = new HashMap<>();
        admin.listOffsets(latest).all().get().forEach((partition, info) -> offsets.put(partition, info.offset()));
        return offsets;
    }

    /** The group's committed offsets on these partitions (0 where none yet). */
    private Map<TopicPartition, Long> committed(List<TopicPartition> partitions) throws Exception {
        Map<TopicPartition, Long> offsets = new HashMap<>();
        partitions.forEach(partition -> offsets.put(partition, 0L));
        admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get().forEach((partition, at) -> {
            if (partition.topic().equals(topic) && at != null) {
                offsets.put(partition, at.offset());
            }
        });
        return offsets;
    }

    @Override
    public void close() {
        admin.close();
    }
}
