package org.strategylab.chat.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.strategylab.edge.peer.CallFailures;
import org.strategylab.edge.peer.PeerFailure;

/**
 * The upstream calls the agent's tools make, as the caller, answered synchronously: tools run on
 * virtual threads, where waiting costs no platform thread. A refusal or failure of upstream-gateway
 * is a {@link PeerFailure} naming the fields it refused, which the tool turns into a result the
 * model can act on.
 */
@ApplicationScoped
public class UpstreamSite {

    static final String PEER = "upstream-gateway";
    /** Who a person understands not to have answered: upstream-gateway stands for the site. */
    private static final String SUBJECT = "the site";
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** Longer than upstream-gateway's own upstream timeouts, so its answer (or its 504) arrives first. */
    private static final Duration WAIT = Duration.ofSeconds(200);

    @Inject
    @RestClient
    UpstreamGatewayClient client;

    @Inject
    ObjectMapper mapper;

    /** upstream-gateway's client's wait for an answer (ms), said when it runs out. */
    @ConfigProperty(name = "quarkus.rest-client.upstream-gateway.read-timeout", defaultValue = "180000")
    long readTimeoutMillis;

    public JsonNode sites() {
        return await("listing the sites", client.sites());
    }

    /** Sites upstream-gateway answered for: a site's existence does not change while the service runs. */
    private final java.util.Set<String> knownSites = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Whether the site is one upstream-gateway serves (asked once per site; unknown ones are asked again). */
    public boolean siteExists(String siteId) {
        if (knownSites.contains(siteId)) {
            return true;
        }
        try {
            await("looking up the site", client.site(siteId));
            knownSites.add(siteId);
            return true;
        } catch (PeerFailure failure) {
            if (failure.status() == 404) {
                return false;
            }
            throw failure;
        }
    }

    /** The site's searches ranked for the query; {@code mode} is upstream-gateway's: lexical, semantic or hybrid. */
    public JsonNode searches(String token, String siteId, String recordType, String query, int limit, String mode) {
        return await("searching the catalogue", client.searches(bearer(token), siteId, recordType, query, limit, mode));
    }

    public JsonNode paramSpecs(String token, String siteId, String recordType, String searchName,
                               Map<String, Object> contextValues) {
        return await("reading the search's parameters", client.paramSpecs(bearer(token), siteId, recordType, searchName, context(contextValues)));
    }

    public JsonNode vocabulary(String token, String siteId, String recordType, String searchName, String param,
                               String query, int limit, String mode) {
        return await("reading a parameter's values", client.vocabulary(bearer(token), siteId, recordType, searchName, param, query, limit, mode));
    }

    public JsonNode dependentParams(String token, String siteId, String recordType, String searchName, String param,
                                    Object value, Map<String, Object> contextValues) {
        ObjectNode body = context(contextValues);
        body.putObject("changedParam").put("name", param).set("value", mapper.valueToTree(value));
        return await("reading the dependent parameters", client.dependentParams(bearer(token), siteId, recordType, searchName, body));
    }

    /** Checks parameter values with the site: a {@link PeerFailure} 422 names each bad one. */
    public JsonNode validate(String token, String siteId, String recordType, String searchName,
                             Map<String, Object> parameters) {
        return await("checking the parameter values", client.validate(bearer(token), siteId, recordType, searchName, context(parameters)));
    }

    /** Creates a strategy on the site from a step tree; answers its view (ids, sizes, web URL). */
    public JsonNode createStrategy(String token, String siteId, String name, String recordType, JsonNode tree,
                                   boolean saved) {
        ObjectNode body = JSON.objectNode().put("name", name).put("recordType", recordType).put("isSaved", saved);
        body.set("tree", tree);
        return await("creating the strategy", client.createStrategy(bearer(token), siteId, body));
    }

    /** Replaces a strategy's step tree (and name); answers its new view. */
    public JsonNode replaceStrategyTree(String token, String siteId, long strategyId, String name, String recordType,
                                       JsonNode tree) {
        ObjectNode patch = JSON.objectNode().put("name", name).put("recordType", recordType);
        patch.set("tree", tree);
        return await("replacing the strategy's steps", client.patchStrategy(bearer(token), siteId, strategyId, patch));
    }

    public void deleteStrategy(String token, String siteId, long strategyId) {
        await("deleting a strategy", client.deleteStrategy(bearer(token), siteId, strategyId));
    }

    /**
     * Counts a step tree on the site, node by node, leaving no strategy in the user's account: answers
     * upstream-gateway's {@code StepCount} tree ({@code geneCount}, {@code transcriptCount},
     * {@code validation}, {@code primaryInput}, {@code secondaryInput}) in the shape of the tree sent.
     */
    public JsonNode stepCounts(String token, String siteId, String recordType, JsonNode tree) {
        ObjectNode body = JSON.objectNode().put("recordType", recordType);
        body.set("tree", tree);
        return await("counting the steps", client.stepCounts(bearer(token), siteId, body));
    }

    /** The first records of a step's result, with its counts. */
    public JsonNode records(String token, String siteId, long stepId, int limit) {
        return await("reading the result's records", client.records(bearer(token), siteId, stepId, 0, limit));
    }

    /** A step's result IDs, one per gene, at most {@code max}: {@code {ids, totalCount, truncated}}. */
    public JsonNode orderedIds(String token, String siteId, long stepId, int max) {
        return await("reading the result's gene IDs", client.orderedIds(bearer(token), siteId, stepId, max));
    }

    /** A download of a step's result prepared on the site: its URL there. */
    public JsonNode temporaryResult(String token, String siteId, long stepId, String format) {
        return await("preparing the download", client.temporaryResult(bearer(token), siteId, stepId, JSON.objectNode().put("format", format)));
    }

    /** Uploads an ID list as a dataset; answers its id (the value of an input-dataset parameter). */
    public long dataset(String token, String siteId, java.util.List<String> ids) {
        ObjectNode body = JSON.objectNode();
        body.set("ids", mapper.valueToTree(ids));
        return await("uploading an ID list", client.dataset(bearer(token), siteId, body)).path("datasetId").asLong();
    }

    private ObjectNode context(Map<String, Object> values) {
        ObjectNode body = JSON.objectNode();
        body.set("contextValues", mapper.valueToTree(values == null ? Map.of() : values));
        return body;
    }

    /**
     * The call's answer; a refusal, a failure or no answer is a {@link PeerFailure} whose text a person
     * can read: the site did not answer within the client's read timeout (or {@link #WAIT}) while
     * {@code action}, could not be reached, or its problem as upstream-gateway answered it.
     */
    private <T> T await(String action, Uni<T> call) {
        return call.ifNoItem().after(WAIT).failWith(() -> new PeerFailure(PEER, 504, "PEER_TIMEOUT",
                        CallFailures.sentence(CallFailures.Transport.TIMEOUT, SUBJECT, action, WAIT), List.of()))
                .onFailure().transform(thrown -> CallFailures.peerFailure(PEER, SUBJECT, action,
                        Duration.ofMillis(readTimeoutMillis), thrown, mapper))
                .await().indefinitely();
    }

    private static String bearer(String token) {
        return "Bearer " + token;
    }
}
