package org.strategylab.experiment.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.experiment.api.ControlSet;
import org.strategylab.experiment.api.ControlSetResolution;

/**
 * Control sets in PostgreSQL ({@code control_sets}). Reads take the caller: a set is visible to its
 * owner and, when public, to everyone; writes match the owner in the same statement, so a set of
 * someone else is never changed, only not found.
 */
@ApplicationScoped
public class ControlSetRepository {

    private static final String COLUMNS = "id, owner_id, site_id, name, record_type, positive_ids, negative_ids,"
            + " source, tags, provenance_notes, is_public, created_at, updated_at, resolution::text AS resolution";

    /** The resolution column's JSON: evaluation-core's conventions, times as ISO-8601 text. */
    private static final ObjectMapper JSON = EvaluationJson.configure(JsonMapper.builder()
            .addModule(new JavaTimeModule()).disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build());

    @Inject
    Pool client;

    @ConfigProperty(name = "strategylab.schema")
    String schema;

    /** What lists filter by; {@code null} fields do not filter. */
    public record Filter(String siteId, String recordType, List<String> tags, String text) {
    }

    /** Stores a new set and answers it as stored. */
    public Uni<ControlSet> insert(ControlSet set) {
        return client.preparedQuery("INSERT INTO " + table() + " (id, owner_id, site_id, name, record_type,"
                        + " positive_ids, negative_ids, source, tags, provenance_notes, is_public, resolution)"
                        + " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::text::jsonb) RETURNING " + COLUMNS)
                .execute(Tuple.tuple(Arrays.asList(UUID.fromString(set.id()), set.userId(), set.siteId(), set.name(),
                        set.recordType(), array(set.positiveIds()), array(set.negativeIds()), set.source(),
                        array(set.tags()), set.provenanceNotes(), set.isPublic(), json(set.resolution()))))
                .map(rows -> read(rows.iterator().next()));
    }

    /** The set, if the caller owns it or it is public. */
    public Uni<Optional<ControlSet>> findVisible(UUID id, String callerId) {
        return client.preparedQuery("SELECT " + COLUMNS + " FROM " + table()
                        + " WHERE id = $1 AND (owner_id = $2 OR is_public)")
                .execute(Tuple.of(id, callerId))
                .map(ControlSetRepository::first);
    }

    /** The set, if the caller owns it. */
    public Uni<Optional<ControlSet>> findOwned(UUID id, String callerId) {
        return client.preparedQuery("SELECT " + COLUMNS + " FROM " + table() + " WHERE id = $1 AND owner_id = $2")
                .execute(Tuple.of(id, callerId))
                .map(ControlSetRepository::first);
    }

    /** Writes every changeable field of a set the caller owns; empty when it is not (or no longer) theirs. */
    public Uni<Optional<ControlSet>> update(ControlSet set) {
        return client.preparedQuery("UPDATE " + table() + " SET name = $3, positive_ids = $4, negative_ids = $5,"
                        + " source = $6, tags = $7, provenance_notes = $8, is_public = $9, resolution = $10::text::jsonb,"
                        + " updated_at = now() WHERE id = $1 AND owner_id = $2 RETURNING " + COLUMNS)
                .execute(Tuple.tuple(Arrays.asList(UUID.fromString(set.id()), set.userId(), set.name(),
                        array(set.positiveIds()), array(set.negativeIds()), set.source(), array(set.tags()),
                        set.provenanceNotes(), set.isPublic(), json(set.resolution()))))
                .map(ControlSetRepository::first);
    }

    /** Deletes a set the caller owns; false when there is none. */
    public Uni<Boolean> delete(UUID id, String callerId) {
        return client.preparedQuery("DELETE FROM " + table() + " WHERE id = $1 AND owner_id = $2")
                .execute(Tuple.of(id, callerId))
                .map(rows -> rows.rowCount() == 1);
    }

    /** The caller's own and the public sets that pass the filter, newest first, one page of them. */
    public Uni<List<ControlSet>> list(String callerId, Filter filter, int limit, int offset) {
        List<Object> values = filterValues(callerId, filter);
        values.add(limit);
        values.add(offset);
        return client.preparedQuery("SELECT " + COLUMNS + " FROM " + table() + " WHERE " + FILTER
                        + " ORDER BY created_at DESC, id LIMIT $6 OFFSET $7")
                .execute(Tuple.tuple(values))
                .map(rows -> {
                    List<ControlSet> sets = new ArrayList<>(rows.size());
                    rows.forEach(row -> sets.add(read(row)));
                    return sets;
                });
    }

    /** How many sets {@link #list} would give without paging. */
    public Uni<Long> count(String callerId, Filter filter) {
        return client.preparedQuery("SELECT count(*) AS total FROM " + table() + " WHERE " + FILTER)
                .execute(Tuple.tuple(filterValues(callerId, filter)))
                .map(rows -> rows.iterator().next().getLong("total"));
    }

    // the text matches the name or the provenance notes as a plain substring (no LIKE patterns)
    private static final String FILTER = "(owner_id = $1 OR is_public)"
            + " AND ($2::text IS NULL OR site_id = $2)"
            + " AND ($3::text IS NULL OR record_type = $3)"
            + " AND ($4::text[] IS NULL OR tags @> $4)"
            + " AND ($5::text IS NULL OR strpos(lower(name), lower($5)) > 0"
            + " OR strpos(lower(coalesce(provenance_notes, '')), lower($5)) > 0)";

    private static List<Object> filterValues(String callerId, Filter filter) {
        return new ArrayList<>(Arrays.asList(callerId, filter.siteId(), filter.recordType(),
                filter.tags() == null || filter.tags().isEmpty() ? null : array(filter.tags()), filter.text()));
    }

    private static String[] array(List<String> values) {
        return values.toArray(String[]::new);
    }

    private static Optional<ControlSet> first(RowSet<Row> rows) {
        return rows.size() == 0 ? Optional.empty() : Optional.of(read(rows.iterator().next()));
    }

    private static ControlSet read(Row row) {
        return new ControlSet(row.getUUID("id").toString(), row.getString("name"), row.getString("site_id"),
                row.getString("record_type"), List.of(row.getArrayOfStrings("positive_ids")),
                List.of(row.getArrayOfStrings("negative_ids")), row.getString("source"),
                List.of(row.getArrayOfStrings("tags")), row.getString("provenance_notes"),
                row.getBoolean("is_public"), row.getString("owner_id"), row.getOffsetDateTime("created_at"),
                row.getOffsetDateTime("updated_at"), resolution(row.getString("resolution")));
    }

    /** The resolution as JSON text (a parameter cast {@code ::text::jsonb}: a string typed jsonb would be stored as a JSON string). */
    private static String json(ControlSetResolution resolution) {
        if (resolution == null) {
            return null;
        }
        try {
            return JSON.writeValueAsString(resolution);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a control set's resolution cannot be written as JSON", e);
        }
    }

    private static ControlSetResolution resolution(String text) {
        if (text == null) {
            return null;
        }
        try {
            return JSON.readValue(text, ControlSetResolution.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored control set resolution cannot be read", e);
        }
    }

    private String table() {
        return schema + ".control_sets";
    }
}
