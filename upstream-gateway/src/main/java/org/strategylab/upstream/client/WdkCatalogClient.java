package org.strategylab.upstream.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Catalogue and anonymous calls of a site (upstream-wdk.md §3.1 #1–7, #29): record types,
 * searches and their parameters, dependent vocabularies, reports of a search without a step, and
 * single records. None of them names the user.
 */
@ApplicationScoped
public class WdkCatalogClient {

    @Inject
    WdkTransport transport;

    /** {@code GET /record-types?format=expanded}: every record type with its attributes and searches. */
    public Uni<WdkResponse> recordTypes(UpstreamSession session) {
        return transport.send(session, "GET /record-types", (api, cookies) -> api.recordTypes(cookies, "expanded"));
    }

    /** {@code GET /record-types/{rt}/searches}: the searches of a record type (no parameters). */
    public Uni<WdkResponse> searches(UpstreamSession session, String recordType) {
        return transport.send(session, "GET /record-types/{rt}/searches", (api, cookies) -> api.searches(cookies, recordType));
    }

    /** {@code GET /record-types/{rt}/searches/{s}}: {@code {searchData, validation}} with default vocabularies. */
    public Uni<WdkResponse> search(UpstreamSession session, String recordType, String searchName) {
        return transport.send(session, "GET /record-types/{rt}/searches/{s}",
                (api, cookies) -> api.search(cookies, recordType, searchName));
    }

    /**
     * {@code POST /record-types/{rt}/searches/{s}} with {@code contextParamValues}: the search with its
     * vocabularies computed for these values, and WDK's validation of them.
     */
    public Uni<WdkResponse> searchInContext(UpstreamSession session, String recordType, String searchName,
                                            JsonNode contextParamValues) {
        JsonNode body = WdkJson.object().set("contextParamValues", contextParamValues);
        return transport.send(session, "POST /record-types/{rt}/searches/{s}",
                (api, cookies) -> api.searchInContext(cookies, recordType, searchName, body));
    }

    /** {@code POST …/refreshed-dependent-params}: the parameters that depend on the changed one. */
    public Uni<WdkResponse> refreshedDependentParams(UpstreamSession session, String recordType, String searchName,
                                                     String changedParam, String value, JsonNode contextParamValues) {
        var body = WdkJson.object();
        body.putObject("changedParam").put("name", changedParam).put("value", value);
        body.set("contextParamValues", contextParamValues);
        return transport.send(session, "POST /record-types/{rt}/searches/{s}/refreshed-dependent-params",
                (api, cookies) -> api.refreshedDependentParams(cookies, recordType, searchName, body));
    }

    /**
     * {@code POST /record-types/{rt}/searches/{s}/reports/standard}: runs a search without a step.
     *
     * @param searchConfig {@code {parameters, filters?}}
     * @param reportConfig pagination, attributes, sorting
     * @param viewFilters  filters for this report only, or {@code null}
     */
    public Uni<WdkResponse> searchReport(UpstreamSession session, String recordType, String searchName,
                                         JsonNode searchConfig, JsonNode reportConfig, JsonNode viewFilters) {
        var body = WdkJson.object();
        body.set("searchConfig", searchConfig);
        body.set("reportConfig", reportConfig);
        if (viewFilters != null) {
            body.set("viewFilters", viewFilters);
        }
        return transport.send(session, "POST /record-types/{rt}/searches/{s}/reports/standard",
                (api, cookies) -> api.searchReport(cookies, recordType, searchName, "standard", body));
    }

    /** {@code POST /record-types/{rt}/records}: one record by its full primary key. */
    public Uni<WdkResponse> record(UpstreamSession session, String recordType, JsonNode primaryKey, JsonNode attributes,
                                   JsonNode tables) {
        var body = WdkJson.object();
        body.set("primaryKey", primaryKey);
        body.set("attributes", attributes);
        body.set("tables", tables);
        return transport.send(session, "POST /record-types/{rt}/records",
                (api, cookies) -> api.record(cookies, recordType, body));
    }

    /** {@code GET /strategy-lists/public}: the listing of every public strategy of the site (no trees). */
    public Uni<WdkResponse> publicStrategies(UpstreamSession session) {
        return transport.send(session, "GET /strategy-lists/public", (api, cookies) -> api.publicStrategies(cookies));
    }
}
