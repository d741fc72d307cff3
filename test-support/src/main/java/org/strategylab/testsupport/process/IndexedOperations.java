package org.strategylab.testsupport.process;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.apache.kafka.common.TopicPartition;
import org.strategylab.eventlog.replay.TopicPositions;

/**
 * Registers operations in the operations index over plain JDBC, with the columns and values
 * {@code OperationsIndex.insert} writes, for harnesses that act as a worker outside a Quarkus
 * application (restart tests against a packaged gateway, the SSE bench): the partition the
 * operation's key maps to, that partition's end offset as first offset, the topic's epoch, and a
 * lease held by a name no gateway instance has, so no reaper ends the operation.
 */
public final class IndexedOperations {

    /** One registered operation. */
    public record Registered(UUID id, String topic, int partition, long firstOffset) {
    }

    private final Admin admin;
    private final String holder;
    private final Duration lease;

    /**
     * @param admin  an admin client of the broker holding the topic (not closed here)
     * @param holder the lease holder written into each row
     * @param lease  how long the lease lasts
     */
    public IndexedOperations(Admin admin, String holder, Duration lease) {
        this.admin = admin;
        this.holder = holder;
        this.lease = lease;
    }

    /** Registers {@code count} active operations of {@code type} owned by {@code owner} on the topic. */
    public List<Registered> register(Connection connection, String owner, String type, String topic, int count)
            throws SQLException, InterruptedException, ExecutionException, TimeoutException {
        var description = admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS).get(topic);
        long epoch = TopicPositions.epochOf(description.topicId());
        int partitions = description.partitions().size();
        List<Registered> registered = new java.util.ArrayList<>(count);
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO event_log.operations (id, owner_id, "
                + "type, target_id, topic, topic_partition, first_offset, topic_epoch, status, lease_holder, "
                + "lease_expires_at) VALUES (?, ?, ?, NULL, ?, ?, ?, ?, 'active', ?, now() + ? * interval '1 millisecond')")) {
            for (int i = 0; i < count; i++) {
                UUID id = UUID.randomUUID();
                int partition = BuiltInPartitioner.partitionForKey(id.toString().getBytes(StandardCharsets.UTF_8),
                        partitions);
                TopicPartition tp = new TopicPartition(topic, partition);
                long firstOffset = admin.listOffsets(Map.of(tp, OffsetSpec.latest())).partitionResult(tp)
                        .get(30, TimeUnit.SECONDS).offset();
                insert.setObject(1, id);
                insert.setString(2, owner);
                insert.setString(3, type);
                insert.setString(4, topic);
                insert.setInt(5, partition);
                insert.setLong(6, firstOffset);
                insert.setLong(7, epoch);
                insert.setString(8, holder);
                insert.setLong(9, lease.toMillis());
                insert.executeUpdate();
                registered.add(new Registered(id, topic, partition, firstOffset));
            }
        }
        return registered;
    }
}
