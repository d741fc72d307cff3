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

/** One message of a conversation. Tool calls are kept as {@code {"calls":[…]}}: JSON columns bind objects. */
@Entity
@Table(name = "messages")
public class MessageEntity extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "strategy_id", nullable = false)
    public UUID strategyId;

    @Column(nullable = false)
    public int seq;

    @Column(nullable = false)
    public String role;

    @Column(nullable = false)
    public String content;

    @JdbcTypeCode(SqlTypes.JSON)
    @Column(name = "tool_calls")
    public JsonNode toolCalls;

    public String reasoning;

    @JdbcTypeCode(SqlTypes.JSON)
    @Column(name = "token_usage")
    public JsonNode tokenUsage;

    @Column(name = "model_id")
    public String modelId;

    @Column(name = "operation_id")
    public UUID operationId;

    public String status;

    @Column(name = "created_at", nullable = false)
    public OffsetDateTime createdAt;
}
