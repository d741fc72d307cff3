package org.strategylab.experiment.persistence;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.OffsetDateTime;
import java.util.Objects;
import java.util.UUID;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * An earlier version of an experiment ({@code experiment_versions}): the experiment's state as it was
 * when a refine replaced it — configuration, results (metrics, gene lists, enrichment and every other
 * analysis), control resolution, and its strategy and step on the site — kept unchanged so that it
 * stays readable and an undo can put it back.
 */
@Entity
@Table(name = "experiment_versions")
@IdClass(ExperimentVersionEntity.Key.class)
public class ExperimentVersionEntity extends PanacheEntityBase {

    @Id
    @Column(name = "experiment_id")
    public UUID experimentId;

    @Id
    public int version;

    @Column(nullable = false)
    public String status;

    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    public JsonNode config;

    @JdbcTypeCode(SqlTypes.JSON)
    public JsonNode result;

    @JdbcTypeCode(SqlTypes.JSON)
    @Column(name = "control_resolution")
    public JsonNode controlResolution;

    public String error;

    @Column(name = "upstream_strategy_id")
    public Long upstreamStrategyId;

    @Column(name = "upstream_step_id")
    public Long upstreamStepId;

    @Column(name = "metrics_stale", nullable = false)
    public boolean metricsStale;

    @Column(name = "total_time_seconds")
    public Double totalTimeSeconds;

    @Column(name = "completed_at")
    public OffsetDateTime completedAt;

    /** What made this version from the one before it; null for version 1. */
    @JdbcTypeCode(SqlTypes.JSON)
    public JsonNode refinement;

    @Column(name = "refined_at")
    public OffsetDateTime refinedAt;

    /** When the next version replaced this one. */
    @Column(name = "superseded_at", nullable = false)
    public OffsetDateTime supersededAt;

    /** The experiment's current state, to be kept as its version {@code row.version}. */
    static ExperimentVersionEntity of(ExperimentEntity row, OffsetDateTime now) {
        ExperimentVersionEntity kept = new ExperimentVersionEntity();
        kept.experimentId = row.id;
        kept.version = row.version;
        kept.status = row.status;
        kept.config = row.config;
        kept.result = row.result;
        kept.controlResolution = row.controlResolution;
        kept.error = row.error;
        kept.upstreamStrategyId = row.upstreamStrategyId;
        kept.upstreamStepId = row.upstreamStepId;
        kept.metricsStale = row.metricsStale;
        kept.totalTimeSeconds = row.totalTimeSeconds;
        kept.completedAt = row.completedAt;
        kept.refinement = row.refinement;
        kept.refinedAt = row.refinedAt;
        kept.supersededAt = now;
        return kept;
    }

    /**
     * The experiment as it was at this version: a detached copy of {@code row} (its id, owner, name,
     * notes and group stay the experiment's) with this version's state. Nothing writes it back.
     */
    public ExperimentEntity asExperiment(ExperimentEntity row) {
        ExperimentEntity copy = new ExperimentEntity();
        copy.id = row.id;
        copy.ownerId = row.ownerId;
        copy.siteId = row.siteId;
        copy.name = row.name;
        copy.notes = row.notes;
        copy.batchId = row.batchId;
        copy.benchmarkId = row.benchmarkId;
        copy.controlSetLabel = row.controlSetLabel;
        copy.primaryBenchmark = row.primaryBenchmark;
        copy.operationId = row.operationId;
        copy.createdAt = row.createdAt;
        copy.updatedAt = supersededAt;
        restoreInto(copy);
        return copy;
    }

    /** Puts this version's state into {@code row} (an undo, or a read of this version). */
    void restoreInto(ExperimentEntity row) {
        row.version = version;
        row.status = status;
        row.config = config;
        row.result = result;
        row.controlResolution = controlResolution;
        row.error = error;
        row.upstreamStrategyId = upstreamStrategyId;
        row.upstreamStepId = upstreamStepId;
        row.metricsStale = metricsStale;
        row.totalTimeSeconds = totalTimeSeconds;
        row.completedAt = completedAt;
        row.refinement = refinement;
        row.refinedAt = refinedAt;
    }

    /** The composite key: an experiment and a version number. */
    public static class Key implements Serializable {
        public UUID experimentId;
        public int version;

        public Key() {
        }

        public Key(UUID experimentId, int version) {
            this.experimentId = experimentId;
            this.version = version;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && version == key.version && Objects.equals(experimentId, key.experimentId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(experimentId, version);
        }
    }
}
