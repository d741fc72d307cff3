package org.strategylab.chat.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.strategylab.edge.peer.CallFailures;
import org.strategylab.edge.peer.PeerFailure;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.upstream.api.ContextValues;
import org.strategylab.upstream.api.DatasetRequest;
import org.strategylab.upstream.api.DependentParamsRequest;
import org.strategylab.upstream.api.GeneResolution;
import org.strategylab.upstream.api.GeneResolveRequest;
import org.strategylab.upstream.api.GeneSearchResult;
import org.strategylab.upstream.api.OrderedIds;
import org.strategylab.upstream.api.Page;
import org.strategylab.upstream.api.ParamSpec;
import org.strategylab.upstream.api.ResultPage;
import org.strategylab.upstream.api.SearchParamSpecs;
import org.strategylab.upstream.api.SearchSummary;
import org.strategylab.upstream.api.StepCountRequest;
import org.strategylab.upstream.api.StepTreeSpec;
import org.strategylab.upstream.api.StrategyPatch;
import org.strategylab.upstream.api.StrategyRequest;
import org.strategylab.upstream.api.StrategyTree;
import org.strategylab.upstream.api.StrategyView;
import org.strategylab.upstream.api.TemporaryResult;
import org.strategylab.upstream.api.TemporaryResultRequest;
import org.strategylab.upstream.api.ValidationResult;
import org.strategylab.upstream.api.VocabularyHit;

/**
 * The upstream calls the agent's tools make, as the caller, through the typed client upstream-gateway
 * declares ({@link UpstreamApiClient}: its records in and out), answered synchronously: tools run on
 * virtual threads, where waiting costs no platform thread. A refusal or failure of upstream-gateway
 * is a {@link PeerFailure} naming the fields it refused, which the tool turns into a result the
 * model can act on.
 */
@ApplicationScoped
public class UpstreamSite {

    static final String PEER = "upstream-gateway";
    /** Who a person understands not to have answered: upstream-gateway stands for the site. */
    private static final String SUBJECT = "the site";
    /** Longer than upstream-gateway's own upstream timeouts, so its answer (or its 504) arrives first. */
    private static final Duration WAIT = Duration.ofSeconds(200);

    @Inject
    @RestClient
    UpstreamApiClient client;

    @Inject
    ObjectMapper mapper;

    /** upstream-gateway's client's wait for an answer (ms), said when it runs out. */
    @ConfigProperty(name = "quarkus.rest-client.upstream-gateway.read-timeout", defaultValue = "180000")
    long readTimeoutMillis;

    public JsonNode sites() {
        return await("listing the sites", client.sites());
    }

    /** The site's record types, as upstream-gateway's catalogue pages them ({@code {items, total, …}}). */
    public JsonNode recordTypes(String siteId) {
        return await("listing the record types", client.recordTypes(siteId));
    }

    /** The site's public strategies best matching the query, with their step trees ({@code {items, total, …}}). */
    public JsonNode publicStrategies(String siteId, String query, String recordType, int limit) {
        return await("reading the site's public strategies", () -> client.publicStrategies(siteId, query, recordType, limit));
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
    public Page<SearchSummary> searches(String token, String siteId, String recordType, String query, int limit,
                                        String mode) {
        return await("searching the catalogue",
                () -> client.searches(bearer(token), siteId, recordType, query, mode, limit, null));
    }

    public SearchParamSpecs paramSpecs(String token, String siteId, String recordType, String searchName,
                                       Map<String, Object> contextValues) {
        return await("reading the search's parameters",
                () -> client.paramSpecsInContext(bearer(token), siteId, recordType, searchName, context(contextValues)));
    }

    public Page<VocabularyHit> vocabulary(String token, String siteId, String recordType, String searchName,
                                          String param, String query, int limit, String mode) {
        return await("reading a parameter's values",
                () -> client.vocabulary(bearer(token), siteId, recordType, searchName, param, query, mode, limit, null));
    }

    public List<ParamSpec> dependentParams(String token, String siteId, String recordType, String searchName,
                                           String param, Object value, Map<String, Object> contextValues) {
        return await("reading the dependent parameters", () -> client.dependentParams(bearer(token), siteId, recordType,
                searchName, new DependentParamsRequest(new DependentParamsRequest.ChangedParam(param, value),
                        contextValues == null ? Map.of() : contextValues)));
    }

    /** Checks parameter values with the site: a {@link PeerFailure} 422 names each bad one. */
    public ValidationResult validate(String token, String siteId, String recordType, String searchName,
                                     Map<String, Object> parameters) {
        return await("checking the parameter values",
                () -> client.validate(bearer(token), siteId, recordType, searchName, context(parameters)));
    }

    /** Creates a strategy on the site from a step tree; answers its view (ids, sizes, web URL). */
    public StrategyView createStrategy(String token, String siteId, String name, String recordType, JsonNode tree,
                                       boolean saved) {
        return await("creating the strategy", () -> client.createStrategy(bearer(token), siteId,
                new StrategyRequest(name, null, recordType, stepTree(tree), saved)));
    }

    /** Replaces a strategy's step tree (and name); answers its new view. */
    public StrategyView replaceStrategyTree(String token, String siteId, long strategyId, String name,
                                           String recordType, JsonNode tree) {
        return await("replacing the strategy's steps", () -> client.patchStrategy(bearer(token), siteId, strategyId,
                new StrategyPatch(name, null, stepTree(tree), recordType)));
    }

    /** The caller's own strategies on the site (helper strategies left out), a page of them. */
    public org.strategylab.upstream.api.Page<org.strategylab.upstream.api.StrategySummary> strategies(String token,
            String siteId, int limit, int offset) {
        return await("listing your strategies", () -> client.strategies(bearer(token), siteId, false, limit, offset));
    }

    /** The caller's strategy on the site as the tree that builds it again (a 404 when it is not theirs). */
    public StrategyTree strategyTree(String token, String siteId, long strategyId) {
        return await("reading the strategy", () -> client.strategyTree(bearer(token), siteId, strategyId));
    }

    public void deleteStrategy(String token, String siteId, long strategyId) {
        await("deleting a strategy", () -> client.deleteStrategy(bearer(token), siteId, strategyId));
    }

    /**
     * Counts a step tree on the site, node by node, leaving no strategy in the user's account: answers
     * upstream-gateway's {@code StepCount} tree ({@code geneCount}, {@code transcriptCount},
     * {@code validation}, {@code primaryInput}, {@code secondaryInput}) in the shape of the tree sent.
     */
    public JsonNode stepCounts(String token, String siteId, String recordType, JsonNode tree) {
        return json(await("counting the steps", () -> client.stepCounts(bearer(token), siteId,
                new StepCountRequest(recordType, stepTree(tree)))));
    }

    /** The first records of a step's result, with its counts. */
    public ResultPage records(String token, String siteId, long stepId, int limit) {
        return await("reading the result's records",
                () -> client.records(bearer(token), siteId, stepId, 0, limit, null, null, null));
    }

    /** A step's result IDs, one per gene, at most {@code max}. */
    public OrderedIds orderedIds(String token, String siteId, long stepId, int max) {
        return await("reading the result's gene IDs",
                () -> client.orderedIds(bearer(token), siteId, stepId, max, null, null));
    }

    /** A download of a step's result prepared on the site: its URL there. */
    public TemporaryResult temporaryResult(String token, String siteId, long stepId, String format) {
        return await("preparing the download", () -> client.temporaryResult(bearer(token), siteId, stepId,
                new TemporaryResultRequest(format, null)));
    }

    /** Uploads an ID list as a dataset; answers its id (the value of an input-dataset parameter). */
    public long dataset(String token, String siteId, List<String> ids) {
        return await("uploading an ID list", () -> client.uploadDataset(bearer(token), siteId, new DatasetRequest(ids)))
                .datasetId();
    }

    /** Which ids (current, transcript or previous ids) name genes of the site; signed-in callers only. */
    public GeneResolution resolveGenes(String token, String siteId, List<String> ids) {
        return await("resolving the gene IDs",
                () -> client.resolveGenes(bearer(token), siteId, new GeneResolveRequest(ids)));
    }

    /** Genes whose ids, names or products match a text, optionally of one organism. */
    public GeneSearchResult searchGenes(String token, String siteId, String query, String organism, int limit) {
        return await("searching the genes",
                () -> client.searchGenes(bearer(token), siteId, query, organism, limit, null));
    }

    /** A record (or a list of them) as the model reads it: the JSON upstream-gateway answered. */
    public JsonNode json(Object answer) {
        return mapper.valueToTree(answer);
    }

    private static ContextValues context(Map<String, Object> values) {
        return new ContextValues(values == null ? Map.of() : values);
    }

    /** The step tree as upstream-gateway's record, read as strictly as upstream-gateway reads it. */
    private StepTreeSpec stepTree(JsonNode tree) {
        try {
            return mapper.treeToValue(tree, StepTreeSpec.class);
        } catch (JsonProcessingException e) {
            throw new PeerFailure(PEER, 400, "INVALID_BODY", "The strategy's steps cannot be sent to the site",
                    List.of(new FieldError("/tree", "invalid value")));
        }
    }

    /** {@link #await(String, Uni)} with the request built as part of the call. */
    private <T> T await(String action, Supplier<Uni<? extends T>> call) {
        return await(action, Uni.createFrom().deferred(call));
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
