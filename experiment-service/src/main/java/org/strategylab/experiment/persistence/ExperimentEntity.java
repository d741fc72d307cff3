package org.strategylab.experiment.persistence;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.hibernate.annotations.DynamicUpdate;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * One experiment row ({@code experiments}): the columns lists filter and sort on, and the
 * configuration and results as JSON documents (a gene-ID experiment's input is in
 * {@link ExperimentTargetsEntity}).
 */
@Entity
@Table(name = "experiments")
// an update writes only the columns it changed: a run's state written behind its next phase and a
// cancel or failure written meanwhile touch different columns and never undo each other
@DynamicUpdate
public class ExperimentEntity extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "owner_id", nullable = false)
    public String ownerId;

    @Column(name = "site_id", nullable = false)
    public String siteId;

    @Column(nullable = false)
    public String name;

    @Column(nullable = false)
    public String status;

    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    public JsonNode config;

    @JdbcTypeCode(SqlTypes.JSON)
    public JsonNode result;

    /** How the typed controls were resolved against the site (api {@code ControlResolution}); null before V5. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(name = "control_resolution")
    public JsonNode controlResolution;

    public String error;

    @Column(name = "batch_id")
    public String batchId;

    @Column(name = "benchmark_id")
    public String benchmarkId;

    @Column(name = "created_at", nullable = false)
    public OffsetDateTime createdAt;

    @Column(name = "completed_at")
    public OffsetDateTime completedAt;

    @Column(name = "updated_at", nullable = false)
    public OffsetDateTime updatedAt;

    @Column(name = "operation_id")
    public UUID operationId;

    public String notes;

    @Column(name = "upstream_strategy_id")
    public Long upstreamStrategyId;

    @Column(name = "upstream_step_id")
    public Long upstreamStepId;

    @Column(name = "control_set_label")
    public String controlSetLabel;

    @Column(name = "is_primary_benchmark", nullable = false)
    public boolean primaryBenchmark;

    @Column(name = "metrics_stale", nullable = false)
    public boolean metricsStale;

    /**
     * Gene-ID mode input of a row about to be inserted: {@link ExperimentRepository#insert} stores it
     * in {@code experiment_targets}. A row read back has {@code null} here whatever its mode; its
     * input is read with {@link ExperimentRepository#targets}.
     */
    @Transient
    public List<String> targetGeneIds;

    @Column(name = "total_time_seconds")
    public Double totalTimeSeconds;

    /** The version the row holds: 1, then one more per refine ({@link ExperimentVersionEntity} keeps the earlier ones). */
    @Column(nullable = false)
    public int version = 1;

    /** What made this version from the one before it (null for version 1): the refine's request. */
    @JdbcTypeCode(SqlTypes.JSON)
    public JsonNode refinement;

    @Column(name = "refined_at")
    public OffsetDateTime refinedAt;
}
