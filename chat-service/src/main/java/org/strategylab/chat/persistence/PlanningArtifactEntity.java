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

/** One planning artifact row (V4): a plan saved with its conversation. */
@Entity
@Table(name = "planning_artifacts")
public class PlanningArtifactEntity extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "strategy_id", nullable = false)
    public UUID strategyId;

    @Column(nullable = false)
    public String title;

    /** Markdown. */
    @Column(nullable = false)
    public String summary;

    /** {@code {"items": [text, …]}}. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    public JsonNode assumptions;

    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    public JsonNode parameters;

    @Column(name = "created_at", nullable = false)
    public OffsetDateTime createdAt;
}
