package org.strategylab.experiment.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.strategylab.evaluation.json.EvaluationJson;

/**
 * Strategy discoveries in PostgreSQL ({@code strategy_discoveries}). Reads take the caller: someone
 * else's discovery is not found, exactly like a missing one.
 */
@ApplicationScoped
public class DiscoveryRepository {

    private static final String COLUMNS = "id, owner_id, site_id, status, request::text AS request,"
            + " control_resolution::text AS control_resolution, result::text AS result, error, created_at, updated_at";

    @Inject
    Pool client;

    @ConfigProperty(name = "strategylab.schema")
    String schema;

    /**
     * One discovery as stored.
     *
     * @param request           the request, its controls resolved
     * @param controlResolution what the resolution changed ({@code ControlResolution})
     * @param result            the result once it ended (also the best so far of one stopped by its budget)
     */
    public record DiscoveryRow(UUID id, String ownerId, String siteId, String status, JsonNode request,
                               JsonNode controlResolution, JsonNode result, String error, OffsetDateTime createdAt,
                               OffsetDateTime updatedAt) {
    }

    /** Stores a new discovery, {@code queued}. */
    public Uni<Void> insert(UUID id, String ownerId, String siteId, Object request, Object controlResolution) {
        return client.preparedQuery("INSERT INTO " + table() + " (id, owner_id, site_id, status, request,"
                        + " control_resolution) VALUES ($1, $2, $3, 'queued', $4::text::jsonb, $5::text::jsonb)")
                .execute(Tuple.tuple(Arrays.asList(id, ownerId, siteId, json(request), json(controlResolution))))
                .replaceWithVoid();
    }

    /** The discovery, if the caller owns it. */
    public Uni<Optional<DiscoveryRow>> findOwned(UUID id, String callerId) {
        return client.preparedQuery("SELECT " + COLUMNS + " FROM " + table() + " WHERE id = $1 AND owner_id = $2")
                .execute(Tuple.of(id, callerId))
                .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(read(rows.iterator().next())));
    }

    /** The discovery whoever owns it (its worker). */
    public Uni<Optional<DiscoveryRow>> find(UUID id) {
        return client.preparedQuery("SELECT " + COLUMNS + " FROM " + table() + " WHERE id = $1")
                .execute(Tuple.of(id))
                .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(read(rows.iterator().next())));
    }

    /** Its status, and its result or error when given (null leaves a column as it is). */
    public Uni<Void> update(UUID id, String status, Object result, String error) {
        return client.preparedQuery("UPDATE " + table() + " SET status = $2,"
                        + " result = coalesce($3::text::jsonb, result), error = coalesce($4, error), updated_at = now()"
                        + " WHERE id = $1")
                .execute(Tuple.tuple(Arrays.asList(id, status, json(result), error)))
                .replaceWithVoid();
    }

    private static DiscoveryRow read(Row row) {
        return new DiscoveryRow(row.getUUID("id"), row.getString("owner_id"), row.getString("site_id"),
                row.getString("status"), tree(row.getString("request")), tree(row.getString("control_resolution")),
                tree(row.getString("result")), row.getString("error"), row.getOffsetDateTime("created_at"),
                row.getOffsetDateTime("updated_at"));
    }

    /** JSON text for a {@code ::text::jsonb} parameter (a string typed jsonb would be stored as a JSON string). */
    private static String json(Object value) {
        if (value == null) {
            return null;
        }
        try {
            return EvaluationJson.mapper().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a discovery's document cannot be written as JSON", e);
        }
    }

    private static JsonNode tree(String text) {
        if (text == null) {
            return null;
        }
        try {
            return EvaluationJson.mapper().readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored discovery document cannot be read", e);
        }
    }

    private String table() {
        return schema + ".strategy_discoveries";
    }
}
