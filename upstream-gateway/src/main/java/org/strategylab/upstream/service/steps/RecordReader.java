package org.strategylab.upstream.service.steps;

import org.strategylab.upstream.service.catalog.CatalogReader;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.sites.Site;
import org.strategylab.upstream.api.ResultRecord;
import org.strategylab.upstream.client.UpstreamSession;
import org.strategylab.upstream.client.WdkCatalogClient;
import org.strategylab.upstream.client.WdkJson;

/**
 * Reads single records. WDK needs every primary-key column in the record class's order
 * (upstream-wdk.md §3.8); a missing {@code project_id} is filled from the site's configuration
 * (spec §4.6). On the portal a record keeps its component site's project id, so there the caller
 * must give it.
 */
@ApplicationScoped
public class RecordReader {

    static final String PROJECT_COLUMN = "project_id";

    @Inject
    CatalogReader catalog;

    @Inject
    WdkCatalogClient wdk;

    /** One record with the attributes and tables asked for (none when empty). */
    public Uni<ResultRecord> read(UpstreamSession session, String recordType, Map<String, String> key,
                                  List<String> attributes, List<String> tables) {
        Site site = session.site();
        return catalog.recordTypes(site.id()).chain(types -> {
            JsonNode type = null;
            for (JsonNode t : types) {
                if (recordType.equals(t.path("urlSegment").asText())) {
                    type = t;
                }
            }
            if (type == null) {
                throw ProblemException.invalid("Unknown record type", List.of(new FieldError("/recordType",
                        "site '" + site.id() + "' has no record type '" + recordType + "'")));
            }
            ArrayNode primaryKey = primaryKey(site, type, key);
            return wdk.record(session, recordType, primaryKey, WdkJson.strings(orEmpty(attributes)),
                    WdkJson.strings(orEmpty(tables)));
        }).map(response -> {
            switch (response.status()) {
                case 404 -> throw ProblemException.notFound("RECORD_NOT_FOUND", "No such record on site '" + site.id() + "'");
                case 300 -> throw ProblemException.conflict("AMBIGUOUS_RECORD",
                        "The key names several records; give the current id");
                case 400, 422 -> throw UpstreamAnswers.rejected("The site refused this record request", response,
                        "/attributes");
                default -> {
                    return UpstreamAnswers.record(response.okJson());
                }
            }
        });
    }

    private static ArrayNode primaryKey(Site site, JsonNode type, Map<String, String> given) {
        List<String> columns = new ArrayList<>();
        type.path("primaryKeyColumnRefs").forEach(c -> columns.add(c.asText()));
        List<FieldError> errors = new ArrayList<>();
        given.keySet().stream().filter(k -> !columns.contains(k)).sorted().forEach(k -> errors.add(
                new FieldError("/primaryKey/" + k, "not a primary-key column of " + type.path("urlSegment").asText()
                        + "; its columns are " + columns)));
        ArrayNode key = WdkJson.array();
        for (String column : columns) {
            String value = given.get(column);
            if ((value == null || value.isBlank()) && PROJECT_COLUMN.equals(column) && !site.isPortal()) {
                value = site.projectId();
            }
            if (value == null || value.isBlank()) {
                errors.add(new FieldError("/primaryKey/" + column, site.isPortal() && PROJECT_COLUMN.equals(column)
                        ? "required on the portal: records keep their component site's project id"
                        : "required"));
                continue;
            }
            key.addObject().put("name", column).put("value", value);
        }
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("The primary key is not complete", errors);
        }
        return key;
    }

    private static List<String> orEmpty(List<String> values) {
        return values == null ? List.of() : values;
    }
}
