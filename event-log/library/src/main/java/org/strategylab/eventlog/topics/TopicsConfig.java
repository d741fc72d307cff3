package org.strategylab.eventlog.topics;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The Kafka topics a service owns, under {@code strategylab.event-log}. The owning service creates
 * them at start-up with these settings, so they never depend on the broker's auto-creation
 * defaults (one partition, the broker's retention).
 */
@ConfigMapping(prefix = "strategylab.event-log")
public interface TopicsConfig {

    /** Topics this service creates and checks, e.g. {@code chat.commands,chat.events}. None by default. */
    Optional<List<String>> ownedTopics();

    /** Partitions of a new topic. Operations are keyed by id, so more partitions spread the load. */
    @WithDefault("3")
    int partitions();

    /** Replication factor of a new topic (3 on a production cluster). */
    @WithDefault("1")
    short replicationFactor();

    /** How long events are kept; the architecture requires at least seven days. */
    @WithDefault("P7D")
    Duration retention();

    /** How long one provisioning attempt may take before readiness reports DOWN and retries. */
    @WithDefault("PT10S")
    Duration adminTimeout();
}
