package org.strategylab.eventlog.replay;

import io.quarkus.runtime.ShutdownEvent;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.Uuid;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.strategylab.eventlog.config.EventLogConfig;
import org.strategylab.eventlog.KafkaClientSecurity;

/**
 * Facts about the log the readers need: a partition's first and next offsets (what retention has
 * removed, where the tail is) and a topic's epoch — a number derived from Kafka's topic id, which
 * changes when a topic is deleted and created again, so old offsets are recognised as meaningless.
 */
@ApplicationScoped
public class TopicPositions {

    @Inject
    EventLogConfig config;

    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    private final Map<String, Long> epochs = new ConcurrentHashMap<>();
    private volatile Admin admin;

    /** The offset the next record of the partition will get. */
    public Uni<Long> endOffset(String topic, int partition) {
        return offset(topic, partition, OffsetSpec.latest());
    }

    /** The oldest offset retention still keeps. */
    public Uni<Long> startOffset(String topic, int partition) {
        return offset(topic, partition, OffsetSpec.earliest());
    }

    /**
     * The topic's current epoch. Remembered after the first look-up; {@link #refreshEpoch} looks
     * again when a caller has reason to believe the topic changed.
     */
    public Uni<Long> epoch(String topic) {
        Long known = epochs.get(topic);
        if (known != null) {
            return Uni.createFrom().item(known);
        }
        return refreshEpoch(topic);
    }

    /** Looks the topic's epoch up again. */
    public Uni<Long> refreshEpoch(String topic) {
        return Uni.createFrom().completionStage(() -> admin().describeTopics(java.util.List.of(topic))
                        .topicNameValues().get(topic).toCompletionStage())
                .ifNoItem().after(config.adminTimeout()).fail()
                .map(TopicDescription::topicId)
                .map(TopicPositions::epochOf)
                .invoke(epoch -> epochs.put(topic, epoch));
    }

    /** The epoch of a topic id: its 128 bits folded to 64, never 0 (0 marks "unknown"). */
    public static long epochOf(Uuid topicId) {
        long folded = topicId.getMostSignificantBits() ^ topicId.getLeastSignificantBits();
        return folded == 0 ? 1 : folded;
    }

    private Uni<Long> offset(String topic, int partition, OffsetSpec spec) {
        TopicPartition tp = new TopicPartition(topic, partition);
        return Uni.createFrom().completionStage(() -> admin().listOffsets(Map.of(tp, spec))
                        .partitionResult(tp).toCompletionStage())
                .ifNoItem().after(config.adminTimeout()).fail()
                .map(info -> info.offset());
    }

    void close(@Observes ShutdownEvent event) {
        Admin current = admin;
        if (current != null) {
            current.close(java.time.Duration.ofSeconds(5));
        }
    }

    private Admin admin() {
        Admin current = admin;
        if (current == null) {
            synchronized (this) {
                current = admin;
                if (current == null) {
                    int timeout = (int) config.adminTimeout().toMillis();
                    current = Admin.create(KafkaClientSecurity.secured(Map.of(
                            AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                            AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, timeout,
                            AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, timeout)));
                    admin = current;
                }
            }
        }
        return current;
    }
}
