package org.strategylab.upstream.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;

/**
 * A user's datasets, steps, step reports, column distributions and temporary results on a site
 * (upstream-wdk.md §3.1 #8–15, #30).
 */
@ApplicationScoped
public class WdkStepClient {

    @Inject
    WdkTransport transport;

    /** {@code POST /users/{uid}/datasets} from an ID list; answers {@code {id}}. */
    public Uni<WdkResponse> createDataset(UpstreamSession session, List<String> ids) {
        ObjectNode body = WdkJson.object().put("sourceType", "idList");
        body.putObject("sourceContent").set("ids", WdkJson.strings(ids));
        return transport.sendAsUser(session, "POST /users/{uid}/datasets", WdkTransport.Replay.CREATES,
                (api, cookies, uid) -> api.createDataset(cookies, uid, body));
    }

    /**
     * {@code POST /users/{uid}/steps}: an unattached step. Input-step parameters must be {@code ""};
     * inputs are wired by a strategy's step tree.
     *
     * @param parameters every value a string (upstream-wdk.md §4)
     * @param customName the step's name, or {@code null} for the search's
     * @param weight     the WDK weight, or {@code null}
     */
    public Uni<WdkResponse> createStep(UpstreamSession session, String searchName, Map<String, String> parameters,
                                       String customName, Integer weight) {
        return createStep(session, searchName, parameters, customName, weight, null);
    }

    /** {@code POST /users/{uid}/steps} with step filters ({@code searchConfig.filters}; none when null or empty). */
    public Uni<WdkResponse> createStep(UpstreamSession session, String searchName, Map<String, String> parameters,
                                       String customName, Integer weight, JsonNode filters) {
        ObjectNode body = WdkJson.object().put("searchName", searchName);
        ObjectNode searchConfig = body.putObject("searchConfig");
        searchConfig.set("parameters", WdkJson.stringMap(parameters));
        if (filters != null && !filters.isEmpty()) {
            searchConfig.set("filters", filters);
        }
        if (weight != null) {
            searchConfig.put("wdkWeight", weight);
        }
        if (customName != null) {
            body.put("customName", customName);
        }
        return transport.sendAsUser(session, "POST /users/{uid}/steps", WdkTransport.Replay.CREATES,
                (api, cookies, uid) -> api.createStep(cookies, uid, body));
    }

    /** {@code GET /users/{uid}/steps/{id}}. */
    public Uni<WdkResponse> step(UpstreamSession session, long stepId) {
        return transport.sendAsUser(session, "GET /users/{uid}/steps/{id}", (api, cookies, uid) -> api.step(cookies, uid, stepId));
    }

    /** {@code PATCH /users/{uid}/steps/{id}}: only the UI fields ({@code customName}, …). */
    public Uni<WdkResponse> renameStep(UpstreamSession session, long stepId, String customName) {
        ObjectNode body = WdkJson.object().put("customName", customName);
        return transport.sendAsUser(session, "PATCH /users/{uid}/steps/{id}",
                (api, cookies, uid) -> api.patchStep(cookies, uid, stepId, body));
    }

    /**
     * {@code PUT /users/{uid}/steps/{id}/search-config}: replaces parameters and filters. Answer
     * parameters must be sent unchanged (upstream-wdk.md §3.5).
     */
    public Uni<WdkResponse> replaceSearchConfig(UpstreamSession session, long stepId, JsonNode searchConfig) {
        return transport.sendAsUser(session, "PUT /users/{uid}/steps/{id}/search-config",
                (api, cookies, uid) -> api.replaceSearchConfig(cookies, uid, stepId, searchConfig));
    }

    /** {@code DELETE /users/{uid}/steps/{id}} (409 while the step is in a strategy). */
    public Uni<WdkResponse> deleteStep(UpstreamSession session, long stepId) {
        return transport.sendAsUser(session, "DELETE /users/{uid}/steps/{id}",
                (api, cookies, uid) -> api.deleteStep(cookies, uid, stepId));
    }

    /** {@code POST /users/{uid}/steps/{id}/reports/standard}: the step must be in a strategy. */
    public Uni<WdkResponse> report(UpstreamSession session, long stepId, JsonNode reportConfig, JsonNode viewFilters) {
        ObjectNode body = WdkJson.object();
        body.set("reportConfig", reportConfig);
        if (viewFilters != null) {
            body.set("viewFilters", viewFilters);
        }
        return transport.sendAsUser(session, "POST /users/{uid}/steps/{id}/reports/standard",
                (api, cookies, uid) -> api.stepReport(cookies, uid, stepId, "standard", body));
    }

    /** {@code POST /users/{uid}/steps/{id}/columns/{col}/reports/byValue}: a column's histogram. */
    public Uni<WdkResponse> columnDistribution(UpstreamSession session, long stepId, String column) {
        ObjectNode body = WdkJson.object();
        body.putObject("reportConfig");
        return transport.sendAsUser(session, "POST /users/{uid}/steps/{id}/columns/{col}/reports/byValue",
                (api, cookies, uid) -> api.columnReport(cookies, uid, stepId, column, "byValue", body));
    }

    /** {@code POST /temporary-results} for a step; answers {@code {id}}, downloadable at {@code /temporary-results/{id}}. */
    public Uni<WdkResponse> createTemporaryResult(UpstreamSession session, long stepId, String reportName,
                                                  JsonNode reportConfig) {
        ObjectNode body = WdkJson.object().put("stepId", stepId).put("reportName", reportName);
        body.set("reportConfig", reportConfig);
        return transport.send(session, "POST /temporary-results", WdkTransport.Replay.CREATES,
                (api, cookies) -> api.createTemporaryResult(cookies, body));
    }
}
