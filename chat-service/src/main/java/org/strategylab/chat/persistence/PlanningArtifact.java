package org.strategylab.chat.persistence;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A planning artifact as api-contract §5.4 shows it ({@code planning_artifact} events, the
 * artifacts endpoint).
 *
 * @param createdAt ISO-8601 instant
 */
public record PlanningArtifact(UUID id, String title, String summaryMarkdown, List<String> assumptions,
                               JsonNode parameters, String createdAt) {

    public static PlanningArtifact of(PlanningArtifactEntity entity) {
        List<String> assumptions = new ArrayList<>();
        entity.assumptions.path("items").forEach(item -> assumptions.add(item.asText()));
        return new PlanningArtifact(entity.id, entity.title, entity.summary, assumptions, entity.parameters,
                entity.createdAt.toInstant().toString());
    }
}
