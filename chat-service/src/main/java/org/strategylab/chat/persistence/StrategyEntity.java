package org.strategylab.chat.persistence;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** One strategy (conversation) row: the columns lists show and sort on, and the graph as JSON. */
@Entity
@Table(name = "strategies")
public class StrategyEntity extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "owner_id", nullable = false)
    public String ownerId;

    @Column(name = "site_id", nullable = false)
    public String siteId;

    @Column(nullable = false)
    public String name;

    public String description;

    @Column(name = "record_type", nullable = false)
    public String recordType;

    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    public JsonNode graph;

    @Column(name = "step_count", nullable = false)
    public int stepCount;

    @Column(name = "result_count")
    public Long resultCount;

    @Column(name = "upstream_strategy_id")
    public Long upstreamStrategyId;

    @Column(name = "upstream_url")
    public String upstreamUrl;

    /** {@link org.strategylab.chat.graph.GraphFingerprint} of the graph as it is now. */
    @Column(name = "graph_fingerprint")
    public String graphFingerprint;

    /** The graph's fingerprint when it was last put on, or read from, the site; null before. */
    @Column(name = "site_fingerprint")
    public String siteFingerprint;

    /** When the strategy was last put on, or read from, the site. */
    @Column(name = "site_saved_at")
    public OffsetDateTime siteSavedAt;

    @Column(name = "is_saved", nullable = false)
    public boolean saved;

    @Column(name = "model_id")
    public String modelId;

    @Column(name = "message_count", nullable = false)
    public int messageCount;

    /** The experiment of a workbench conversation; null for the chat's own conversations. */
    @Column(name = "experiment_id")
    public UUID experimentId;

    @Column(name = "turn_starting_at")
    public OffsetDateTime turnStartingAt;

    @Column(name = "created_at", nullable = false)
    public OffsetDateTime createdAt;

    @Column(name = "updated_at", nullable = false)
    public OffsetDateTime updatedAt;
}
