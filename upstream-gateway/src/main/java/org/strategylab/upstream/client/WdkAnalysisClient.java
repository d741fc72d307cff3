package org.strategylab.upstream.client;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;

/** Step analyses (upstream-wdk.md §3.1 #22–28, §3.7): types, forms, instances, runs and results. */
@ApplicationScoped
public class WdkAnalysisClient {

    @Inject
    WdkTransport transport;

    /** {@code GET …/steps/{id}/analysis-types}. */
    public Uni<WdkResponse> types(UpstreamSession session, long stepId) {
        return transport.sendAsUser(session, "GET /users/{uid}/steps/{id}/analysis-types",
                (api, cookies, uid) -> api.analysisTypes(cookies, uid, stepId));
    }

    /** {@code GET …/steps/{id}/analysis-types/{name}}: the form with its defaults. */
    public Uni<WdkResponse> form(UpstreamSession session, long stepId, String analysisName) {
        return transport.sendAsUser(session, "GET /users/{uid}/steps/{id}/analysis-types/{name}",
                (api, cookies, uid) -> api.analysisForm(cookies, uid, stepId, analysisName));
    }

    /** {@code POST …/steps/{id}/analyses}: a new instance (status CREATED). Every form value must be sent. */
    public Uni<WdkResponse> create(UpstreamSession session, long stepId, String analysisName, Map<String, String> parameters) {
        ObjectNode body = WdkJson.object().put("analysisName", analysisName);
        body.set("parameters", WdkJson.stringMap(parameters));
        return transport.sendAsUser(session, "POST /users/{uid}/steps/{id}/analyses", WdkTransport.Replay.CREATES,
                (api, cookies, uid) -> api.createAnalysis(cookies, uid, stepId, body));
    }

    /**
     * {@code POST …/analyses/{aid}/result}: starts (or re-starts) a run; answers 202 {@code {status}}.
     * Safe to repeat: it creates nothing, and WDK answers the current status while a run is under way.
     */
    public Uni<WdkResponse> run(UpstreamSession session, long stepId, long analysisId) {
        return transport.sendAsUser(session, "POST /users/{uid}/steps/{id}/analyses/{aid}/result",
                (api, cookies, uid) -> api.runAnalysis(cookies, uid, stepId, analysisId));
    }

    /** {@code GET …/analyses/{aid}/result/status}. */
    public Uni<WdkResponse> status(UpstreamSession session, long stepId, long analysisId) {
        return transport.sendAsUser(session, "GET /users/{uid}/steps/{id}/analyses/{aid}/result/status",
                (api, cookies, uid) -> api.analysisStatus(cookies, uid, stepId, analysisId));
    }

    /** {@code GET …/analyses/{aid}/result}: 204 until a result exists, then the plugin's JSON. */
    public Uni<WdkResponse> result(UpstreamSession session, long stepId, long analysisId) {
        return transport.sendAsUser(session, "GET /users/{uid}/steps/{id}/analyses/{aid}/result",
                (api, cookies, uid) -> api.analysisResult(cookies, uid, stepId, analysisId));
    }
}
