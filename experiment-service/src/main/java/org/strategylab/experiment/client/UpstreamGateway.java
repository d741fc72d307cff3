package org.strategylab.experiment.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.upstream.api.AnalysisOutcome;
import org.strategylab.upstream.api.AttributeField;
import org.strategylab.upstream.api.CleanupResult;
import org.strategylab.upstream.api.ColumnDistribution;
import org.strategylab.upstream.api.ContextValues;
import org.strategylab.upstream.api.ControlCountsRequest;
import org.strategylab.upstream.api.ControlSetSpec;
import org.strategylab.upstream.api.Dataset;
import org.strategylab.upstream.api.DatasetRequest;
import org.strategylab.upstream.api.EnrichmentRequest;
import org.strategylab.upstream.api.GeneListResolveRequest;
import org.strategylab.upstream.api.GeneResolution;
import org.strategylab.upstream.api.GeneResolveRequest;
import org.strategylab.upstream.api.OrderedIds;
import org.strategylab.upstream.api.Organism;
import org.strategylab.upstream.api.Page;
import org.strategylab.upstream.api.RecordRequest;
import org.strategylab.upstream.api.ResultPage;
import org.strategylab.upstream.api.ResultRecord;
import org.strategylab.upstream.api.RunSearchRequest;
import org.strategylab.upstream.api.SearchParamSpecs;
import org.strategylab.upstream.api.SearchRun;
import org.strategylab.upstream.api.SearchSummary;
import org.strategylab.upstream.api.StepTreeSpec;
import org.strategylab.upstream.api.StrategyPatch;
import org.strategylab.upstream.api.StrategyRequest;
import org.strategylab.upstream.api.VocabularyHit;

/**
 * The calls a run makes to upstream-gateway, through the typed client upstream-gateway declares
 * ({@link UpstreamApiClient}, {@link UpstreamAnalysesClient}), with its failures turned into {@link UpstreamFailure}
 * (status, problem code, the fields it named) so callers can tell refused input from a failing site,
 * and a timeout or a lost connection into one too (504, 502), each with a sentence naming the call.
 */
@ApplicationScoped
public class UpstreamGateway {

        @Inject
    @RestClient
    UpstreamApiClient client;

    @Inject
    @RestClient
    UpstreamAnalysesClient analyses;

    @Inject
    ObjectMapper mapper;

    /** The clients' waits for an answer (ms), said when they run out. */
    @ConfigProperty(name = "quarkus.rest-client.upstream-gateway.read-timeout", defaultValue = "180000")
    long readTimeoutMillis;

    @ConfigProperty(name = "quarkus.rest-client.upstream-gateway-analyses.read-timeout", defaultValue = "330000")
    long analysisReadTimeoutMillis;

    /** A created strategy: its upstream id and its root step. */
    public record Strategy(long strategyId, long rootStepId, Long resultCount) {
    }

    /** Hits of one control list in a result. */
    public record ControlHits(String label, long hits, List<String> hitIds) {
    }

    /** The result's size and each control list's hits. */
    public record Counts(long rootCount, long rootGeneCount, List<ControlHits> controls) {
    }

    /** Checks a search's parameter values with the site: 422 naming each bad one. */
    public Uni<Void> validate(String token, String siteId, String recordType, String searchName,
                              Map<String, Object> parameters) {
        ContextValues values = new ContextValues(parameters == null ? Map.of() : parameters);
        return guard("checking the search and its parameter values",
                () -> client.validate(bearer(token), siteId, recordType, searchName, values)).replaceWithVoid();
    }

    /** Creates a (not saved) strategy from a step tree. */
    public Uni<Strategy> createStrategy(String token, String siteId, String name, String recordType, JsonNode tree) {
        return createStrategy(token, siteId, name, recordType, tree, false);
    }

    /** Creates a strategy from a step tree; a saved one shows in the user's strategies on the site. */
    public Uni<Strategy> createStrategy(String token, String siteId, String name, String recordType, JsonNode tree,
                                        boolean saved) {
        return guard("creating a strategy", () -> client.createStrategy(bearer(token), siteId,
                new StrategyRequest(name, null, recordType, stepTree(tree), saved)))
                .map(view -> new Strategy(view.strategyId(), view.stepTree().stepId(), view.estimatedSize()));
    }

    public Uni<Void> deleteStrategy(String token, String siteId, long strategyId) {
        return guard("deleting a strategy", () -> client.deleteStrategy(bearer(token), siteId, strategyId));
    }

    /** Rule 4.5.5: the tree in a helper strategy, intersected with each control list, counted, deleted. */
    public Uni<Counts> controlCounts(String token, String siteId, String recordType, JsonNode tree,
                                     Map<String, List<String>> controlLists, String controlsSearch,
                                     String controlsParameter) {
        return guard("counting the controls", () -> {
            List<ControlSetSpec> sets = new ArrayList<>();
            controlLists.forEach((label, ids) -> sets.add(new ControlSetSpec(label, ids)));
            return client.controlCounts(bearer(token), siteId,
                    new ControlCountsRequest(recordType, stepTree(tree), sets, controlsSearch, controlsParameter));
        }).map(answer -> new Counts(answer.rootCount(), answer.rootGeneCount(), answer.controls().stream()
                .map(control -> new ControlHits(control.label(), control.hits(), control.hitIds())).toList()));
    }

    /** The step's result IDs in order (one per gene), at most {@code max}. */
    public Uni<List<String>> orderedIds(String token, String siteId, long stepId, int max, String sortAttribute,
                                        String direction) {
        return orderedResult(token, siteId, stepId, max, sortAttribute, direction).map(OrderedIds::ids);
    }

    /**
     * The step's result IDs in order (one per gene), at most {@code max}, with the result's size and
     * whether it holds more than were read.
     */
    public Uni<OrderedIds> orderedResult(String token, String siteId, long stepId, int max, String sortAttribute,
                                         String direction) {
        return guard("reading the result's gene IDs",
                () -> client.orderedIds(bearer(token), siteId, stepId, max, sortAttribute, direction));
    }

    /** Name, organism and product of genes (at most 1,000 per call, upstream-gateway's limit). */
    public Uni<GeneResolution> resolveGenes(String token, String siteId, List<String> geneIds) {
        return guard("looking up gene records",
                () -> client.resolveGenes(bearer(token), siteId, new GeneResolveRequest(geneIds)));
    }

    /**
     * The current gene ID of each ID the site knows (any case, transcript and previous IDs), in the
     * caller's session; upstream-gateway looks a long list up in batches. IDs missing from the
     * answer are unknown to the site.
     */
    public Uni<Map<String, String>> currentGeneIds(String token, String siteId, List<String> ids) {
        return guard("resolving the control genes",
                () -> client.resolveGeneList(bearer(token), siteId, new GeneListResolveRequest(ids))).map(answer -> {
            Map<String, String> current = new HashMap<>();
            answer.resolved().forEach(gene -> current.putIfAbsent(gene.inputId(), gene.geneId()));
            return current;
        });
    }

    /** The organisms of a site (leaves of its organism tree), by name. */
    public Uni<List<String>> organisms(String token, String siteId) {
        return guard("listing the site's organisms", () -> client.organisms(bearer(token), siteId, null, null))
                .map(page -> page.items().stream().map(Organism::name).toList());
    }

    /** A search's gene IDs (at most {@code max}), nothing left on the site. */
    public Uni<List<String>> searchIds(String token, String siteId, String recordType, JsonNode search, int max) {
        return guard("running a search", () -> {
            ObjectNode body = ((ObjectNode) search.deepCopy()).put("recordType", recordType).put("maxIds", max);
            return client.runSearch(bearer(token), siteId, request(body, RunSearchRequest.class, ""));
        }).map(SearchRun::ids);
    }

    public Uni<List<AttributeField>> attributes(String token, String siteId, String recordType) {
        return guard("reading the record attributes", () -> client.attributes(bearer(token), siteId, recordType));
    }

    public Uni<ResultPage> records(String token, String siteId, long stepId, int offset, int limit, String sort,
                                   String direction, String attributes) {
        return guard("reading the result's records",
                () -> client.records(bearer(token), siteId, stepId, offset, limit, sort, direction, attributes));
    }

    public Uni<ResultRecord> record(String token, String siteId, RecordRequest request) {
        return guard("reading a record", () -> client.record(bearer(token), siteId, request));
    }

    public Uni<ColumnDistribution> distribution(String token, String siteId, long stepId, String column) {
        return guard("reading a column's distribution", () -> client.distribution(bearer(token), siteId, stepId, column));
    }

    /** Replaces a strategy's step tree; answers the new root step. */
    public Uni<Long> replaceTree(String token, String siteId, long strategyId, JsonNode tree) {
        return guard("replacing the strategy's steps", () -> client.patchStrategy(bearer(token), siteId, strategyId,
                new StrategyPatch(null, null, stepTree(tree), null)))
                .map(view -> view.stepTree().stepId());
    }

    /**
     * Runs one step analysis (an enrichment plugin) and waits for it: on a persisted step when
     * {@code stepId} is given, else on {@code tree} in a helper strategy upstream-gateway deletes
     * again. Answers upstream-gateway's outcome (its type and terms).
     */
    public Uni<AnalysisOutcome> analyse(String token, String siteId, String recordType, Long stepId, JsonNode tree,
                                        String analysisName, Map<String, Object> parameters, int maxWaitSeconds) {
        return guardAnalysis("running the " + analysisName + " analysis", () -> analyses.analyse(bearer(token), siteId,
                new EnrichmentRequest(stepId != null ? null : recordType, stepId, stepId != null ? null : stepTree(tree),
                        analysisName, parameters == null || parameters.isEmpty() ? null : parameters, maxWaitSeconds)));
    }

    /** Uploads an ID list as a dataset of the caller on the site; answers its id. */
    public Uni<Long> uploadDataset(String token, String siteId, List<String> ids) {
        return guard("uploading an ID list", () -> client.uploadDataset(bearer(token), siteId, new DatasetRequest(ids)))
                .map(Dataset::datasetId);
    }

    /** Deletes the caller's leaked helper strategies on the site (rule 4.5.8); answers how many went. */
    public Uni<Integer> cleanupHelperStrategies(String token, String siteId) {
        return guard("deleting leftover helper strategies", () -> client.cleanupStrategies(bearer(token), siteId))
                .map(CleanupResult::deleted);
    }

    /**
     * The site's searches of a record type matching {@code query} by meaning and words (upstream-gateway's
     * catalogue search, {@code hybrid}), best first, at most {@code limit}.
     */
    public Uni<List<SearchSummary>> catalogueSearches(String token, String siteId, String recordType, String query,
                                                      int limit) {
        return guard("searching the site's catalogue", () -> client.searches(bearer(token), siteId, recordType, query,
                "hybrid", limit, null)).map(Page::items);
    }

    /** The values of a vocabulary parameter matching {@code query}, best first, at most {@code limit}. */
    public Uni<List<VocabularyHit>> vocabulary(String token, String siteId, String recordType, String searchName,
                                               String parameter, String query, int limit) {
        return guard("searching a parameter's values", () -> client.vocabulary(bearer(token), siteId, recordType,
                searchName, parameter, query, "hybrid", limit, null)).map(Page::items);
    }

    /** A search's parameters as the site declares them (WDK's {@code type}, {@code min}, {@code max}, …). */
    public Uni<SearchParamSpecs> paramSpecs(String token, String siteId, String recordType, String searchName) {
        return guard("reading the search's parameters", () -> client.paramSpecs(bearer(token), siteId, recordType, searchName));
    }

    /**
     * The step tree as upstream-gateway's record, read with the service's strict mapper (as
     * upstream-gateway itself would read it): a tree that does not fit is refused here as it was
     * there, a 400 naming the field under {@code /tree}.
     */
    private StepTreeSpec stepTree(JsonNode tree) {
        return tree == null ? null : request(siteTree(tree), StepTreeSpec.class, "/tree");
    }

    private <T> T request(JsonNode body, Class<T> type, String at) {
        try {
            return mapper.treeToValue(body, type);
        } catch (JsonProcessingException e) {
            String pointer = at + (e instanceof JsonMappingException mapping ? pointer(mapping) : "");
            String where = pointer.isEmpty() ? "/" : pointer;
            throw new UpstreamFailure(400, "INVALID_BODY", "The request for the site cannot be built: " + where
                    + " does not fit", List.of(new FieldError(where, "invalid value")));
        }
    }

    private static String pointer(JsonMappingException mapping) {
        StringBuilder pointer = new StringBuilder();
        for (JsonMappingException.Reference reference : mapping.getPath()) {
            pointer.append('/').append(reference.getFieldName() != null ? reference.getFieldName() : reference.getIndex());
        }
        return pointer.toString();
    }

    /**
     * The tree as upstream-gateway reads it: without the caller's step {@code id}s, which name the
     * steps here (step analysis, optimisation knobs) and are nothing to the site.
     */
    static JsonNode siteTree(JsonNode tree) {
        if (tree == null || !tree.isObject() || !hasIds(tree)) {
            return tree;
        }
        ObjectNode copy = ((ObjectNode) tree).deepCopy();
        removeIds(copy);
        return copy;
    }

    private static boolean hasIds(JsonNode node) {
        return node.isObject() && (node.has("id") || hasIds(node.path("primaryInput")) || hasIds(node.path("secondaryInput")));
    }

    private static void removeIds(JsonNode node) {
        if (node instanceof ObjectNode object) {
            object.remove("id");
            removeIds(object.path("primaryInput"));
            removeIds(object.path("secondaryInput"));
        }
    }

    private static String bearer(String token) {
        return "Bearer " + token;
    }

    /**
     * The call with its failures as {@link UpstreamFailure}s whose text names {@code action}
     * ({@link FailureText}); building the request is part of the call, so a request that cannot be
     * built fails it too.
     */
    private <T> Uni<T> guard(String action, Supplier<Uni<? extends T>> call) {
        return Uni.createFrom().deferred(call)
                .onFailure().transform(thrown -> FailureText.ofCall(action, Duration.ofMillis(readTimeoutMillis), thrown, mapper));
    }

    private <T> Uni<T> guardAnalysis(String action, Supplier<Uni<? extends T>> call) {
        return Uni.createFrom().deferred(call)
                .onFailure().transform(thrown -> FailureText.ofCall(action, Duration.ofMillis(analysisReadTimeoutMillis), thrown, mapper));
    }
}
