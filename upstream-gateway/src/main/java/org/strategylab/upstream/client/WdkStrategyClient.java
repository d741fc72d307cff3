package org.strategylab.upstream.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * A user's strategies on a site (upstream-wdk.md §3.1 #16–21, §3.6). Bodies carry only the keys
 * WDK's schema allows: "internal" is a name prefix, never a field (DECISIONS.md item 8).
 */
@ApplicationScoped
public class WdkStrategyClient {

    @Inject
    WdkTransport transport;

    /** {@code POST /users/{uid}/strategies}; answers {@code {id}}. */
    public Uni<WdkResponse> create(UpstreamSession session, String name, String description, boolean saved,
                                   JsonNode stepTree) {
        ObjectNode body = WdkJson.object().put("name", name).put("isSaved", saved).put("isPublic", false);
        body.set("stepTree", stepTree);
        if (description != null) {
            body.put("description", description);
        }
        return transport.sendAsUser(session, "POST /users/{uid}/strategies", WdkTransport.Replay.CREATES,
                (api, cookies, uid) -> api.createStrategy(cookies, uid, body));
    }

    /**
     * {@code POST /users/{uid}/strategies} with {@code {sourceStrategySignature}}: a copy, with fresh
     * steps, of the strategy of that signature (a public one may be anyone's); answers {@code {id}}.
     */
    public Uni<WdkResponse> copy(UpstreamSession session, String signature) {
        ObjectNode body = WdkJson.object().put("sourceStrategySignature", signature);
        return transport.sendAsUser(session, "POST /users/{uid}/strategies", WdkTransport.Replay.CREATES,
                (api, cookies, uid) -> api.createStrategy(cookies, uid, body));
    }

    /** {@code GET /users/{uid}/strategies}: the listing (no trees). */
    public Uni<WdkResponse> list(UpstreamSession session) {
        return transport.sendAsUser(session, "GET /users/{uid}/strategies", (api, cookies, uid) -> api.strategies(cookies, uid));
    }

    /** {@code GET /users/{uid}/strategies/{id}}: listing fields, {@code stepTree} and {@code steps}. */
    public Uni<WdkResponse> get(UpstreamSession session, long strategyId) {
        return transport.sendAsUser(session, "GET /users/{uid}/strategies/{id}",
                (api, cookies, uid) -> api.strategy(cookies, uid, strategyId));
    }

    /** {@code PATCH /users/{uid}/strategies/{id}} with any of {@code name}, {@code isSaved}. */
    public Uni<WdkResponse> patch(UpstreamSession session, long strategyId, String name, Boolean saved) {
        ObjectNode body = WdkJson.object();
        if (name != null) {
            body.put("name", name);
        }
        if (saved != null) {
            body.put("isSaved", saved);
        }
        return transport.sendAsUser(session, "PATCH /users/{uid}/strategies/{id}",
                (api, cookies, uid) -> api.patchStrategy(cookies, uid, strategyId, body));
    }

    /** {@code PUT /users/{uid}/strategies/{id}/step-tree}: steps left out become unattached. */
    public Uni<WdkResponse> replaceStepTree(UpstreamSession session, long strategyId, JsonNode stepTree) {
        ObjectNode body = WdkJson.object();
        body.set("stepTree", stepTree);
        return transport.sendAsUser(session, "PUT /users/{uid}/strategies/{id}/step-tree",
                (api, cookies, uid) -> api.replaceStepTree(cookies, uid, strategyId, body));
    }

    /** {@code DELETE /users/{uid}/strategies/{id}} (soft delete; a second delete is 404). */
    public Uni<WdkResponse> delete(UpstreamSession session, long strategyId) {
        return transport.sendAsUser(session, "DELETE /users/{uid}/strategies/{id}",
                (api, cookies, uid) -> api.deleteStrategy(cookies, uid, strategyId));
    }
}
