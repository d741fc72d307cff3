package org.strategylab.experiment.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The calls a run makes to upstream-gateway, with its failures turned into {@link UpstreamFailure}
 * (status, problem code, the fields it named) so callers can tell refused input from a failing site,
 * and a timeout or a lost connection into one too (504, 502), each with a sentence naming the call.
 */
@ApplicationScoped
public class UpstreamGateway {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    @Inject
    @RestClient
    UpstreamGatewayClient client;

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
        ObjectNode body = JSON.objectNode();
        body.set("contextValues", mapper.valueToTree(parameters == null ? Map.of() : parameters));
        return guard("checking the search and its parameter values", client.validate(bearer(token), siteId, recordType, searchName, body)).replaceWithVoid();
    }

    /** Creates a (not saved) strategy from a step tree. */
    public Uni<Strategy> createStrategy(String token, String siteId, String name, String recordType, JsonNode tree) {
        return createStrategy(token, siteId, name, recordType, tree, false);
    }

    /** Creates a strategy from a step tree; a saved one shows in the user's strategies on the site. */
    public Uni<Strategy> createStrategy(String token, String siteId, String name, String recordType, JsonNode tree,
                                        boolean saved) {
        ObjectNode body = JSON.objectNode().put("name", name).put("recordType", recordType).put("isSaved", saved);
        body.set("tree", siteTree(tree));
        return guard("creating a strategy", client.createStrategy(bearer(token), siteId, body)).map(view -> {
            JsonNode size = view.path("estimatedSize");
            return new Strategy(view.path("strategyId").asLong(), view.path("stepTree").path("stepId").asLong(),
                    size.isNumber() ? size.asLong() : null);
        });
    }

    public Uni<Void> deleteStrategy(String token, String siteId, long strategyId) {
        return guard("deleting a strategy", client.deleteStrategy(bearer(token), siteId, strategyId));
    }

    /** Rule 4.5.5: the tree in a helper strategy, intersected with each control list, counted, deleted. */
    public Uni<Counts> controlCounts(String token, String siteId, String recordType, JsonNode tree,
                                     Map<String, List<String>> controlLists, String controlsSearch,
                                     String controlsParameter) {
        ObjectNode body = JSON.objectNode().put("recordType", recordType);
        body.set("tree", siteTree(tree));
        ArrayNode sets = body.putArray("controlSets");
        controlLists.forEach((label, ids) -> {
            ObjectNode set = sets.addObject().put("label", label);
            ids.forEach(set.putArray("ids")::add);
        });
        if (controlsSearch != null) {
            body.put("controlsSearch", controlsSearch);
        }
        if (controlsParameter != null) {
            body.put("controlsParameter", controlsParameter);
        }
        return guard("counting the controls", client.controlCounts(bearer(token), siteId, body)).map(answer -> {
            List<ControlHits> hits = new ArrayList<>();
            for (JsonNode control : answer.path("controls")) {
                List<String> ids = new ArrayList<>();
                control.path("hitIds").forEach(id -> ids.add(id.asText()));
                hits.add(new ControlHits(control.path("label").asText(), control.path("hits").asLong(), ids));
            }
            return new Counts(answer.path("rootCount").asLong(), answer.path("rootGeneCount").asLong(), hits);
        });
    }

    /** The step's result IDs in order (one per gene), at most {@code max}. */
    public Uni<List<String>> orderedIds(String token, String siteId, long stepId, int max, String sortAttribute,
                                        String direction) {
        return guard("reading the result's gene IDs", client.orderedIds(bearer(token), siteId, stepId, max, sortAttribute, direction)).map(answer -> {
            List<String> ids = new ArrayList<>();
            answer.path("ids").forEach(id -> ids.add(id.asText()));
            return ids;
        });
    }

    /** Name, organism and product of genes (at most 1,000 per call, upstream-gateway's limit). */
    public Uni<JsonNode> resolveGenes(String token, String siteId, List<String> geneIds) {
        ObjectNode body = JSON.objectNode();
        geneIds.forEach(body.putArray("geneIds")::add);
        return guard("looking up gene records", client.resolveGenes(bearer(token), siteId, body));
    }

    /**
     * The current gene ID of each ID the site knows (any case, transcript and previous IDs), in the
     * caller's session; upstream-gateway looks a long list up in batches. IDs missing from the
     * answer are unknown to the site.
     */
    public Uni<Map<String, String>> currentGeneIds(String token, String siteId, List<String> ids) {
        ObjectNode body = JSON.objectNode();
        ids.forEach(body.putArray("geneIds")::add);
        return guard("resolving the control genes", client.resolveGeneList(bearer(token), siteId, body)).map(answer -> {
            Map<String, String> current = new java.util.HashMap<>();
            answer.path("resolved").forEach(gene -> current.putIfAbsent(gene.path("inputId").asText(),
                    gene.path("geneId").asText()));
            return current;
        });
    }

    /** The organisms of a site (leaves of its organism tree), by name. */
    public Uni<List<String>> organisms(String token, String siteId) {
        return guard("listing the site's organisms", client.organisms(bearer(token), siteId)).map(answer -> {
            List<String> names = new ArrayList<>();
            JsonNode items = answer.isArray() ? answer : answer.path("items");
            items.forEach(organism -> names.add(organism.path("name").asText()));
            return names;
        });
    }

    /** A search's gene IDs (at most {@code max}), nothing left on the site. */
    public Uni<List<String>> searchIds(String token, String siteId, String recordType, JsonNode search, int max) {
        ObjectNode body = ((ObjectNode) search.deepCopy()).put("recordType", recordType).put("maxIds", max);
        return guard("running a search", client.runSearch(bearer(token), siteId, body)).map(answer -> {
            List<String> ids = new ArrayList<>();
            answer.path("ids").forEach(id -> ids.add(id.asText()));
            return ids;
        });
    }

    public Uni<JsonNode> attributes(String token, String siteId, String recordType) {
        return guard("reading the record attributes", client.attributes(bearer(token), siteId, recordType));
    }

    public Uni<JsonNode> records(String token, String siteId, long stepId, int offset, int limit, String sort,
                                 String direction, String attributes) {
        return guard("reading the result's records", client.records(bearer(token), siteId, stepId, offset, limit, sort, direction, attributes));
    }

    public Uni<JsonNode> record(String token, String siteId, JsonNode request) {
        return guard("reading a record", client.record(bearer(token), siteId, request));
    }

    public Uni<JsonNode> distribution(String token, String siteId, long stepId, String column) {
        return guard("reading a column's distribution", client.distribution(bearer(token), siteId, stepId, column));
    }

    /** Replaces a strategy's step tree; answers the new root step. */
    public Uni<Long> replaceTree(String token, String siteId, long strategyId, JsonNode tree) {
        ObjectNode body = JSON.objectNode();
        body.set("tree", siteTree(tree));
        return guard("replacing the strategy's steps", client.patchStrategy(bearer(token), siteId, strategyId, body))
                .map(view -> view.path("stepTree").path("stepId").asLong());
    }

    /**
     * Runs one step analysis (an enrichment plugin) and waits for it: on a persisted step when
     * {@code stepId} is given, else on {@code tree} in a helper strategy upstream-gateway deletes
     * again. Answers upstream-gateway's outcome ({@code analysisType}, {@code terms}, …).
     */
    public Uni<JsonNode> analyse(String token, String siteId, String recordType, Long stepId, JsonNode tree,
                                 String analysisName, Map<String, Object> parameters, int maxWaitSeconds) {
        ObjectNode body = JSON.objectNode().put("analysisName", analysisName).put("maxWaitSeconds", maxWaitSeconds);
        if (stepId != null) {
            body.put("stepId", stepId);
        } else {
            body.put("recordType", recordType);
            body.set("tree", siteTree(tree));
        }
        if (parameters != null && !parameters.isEmpty()) {
            body.set("parameters", mapper.valueToTree(parameters));
        }
        return guardAnalysis("running the " + analysisName + " analysis", analyses.analyse(bearer(token), siteId, body));
    }

    /** Uploads an ID list as a dataset of the caller on the site; answers its id. */
    public Uni<Long> uploadDataset(String token, String siteId, List<String> ids) {
        ObjectNode body = JSON.objectNode();
        ids.forEach(body.putArray("ids")::add);
        return guard("uploading an ID list", client.uploadDataset(bearer(token), siteId, body)).map(answer -> answer.path("datasetId").asLong());
    }

    /** Deletes the caller's leaked helper strategies on the site (rule 4.5.8); answers how many went. */
    public Uni<Integer> cleanupHelperStrategies(String token, String siteId) {
        return guard("deleting leftover helper strategies", client.cleanupStrategies(bearer(token), siteId, JSON.objectNode())).map(answer -> answer.path("deleted").asInt());
    }

    /** A search's parameters as the site declares them ({@code parameters[]} with WDK's {@code type}, {@code min}, {@code max}, …). */
    public Uni<JsonNode> paramSpecs(String token, String siteId, String recordType, String searchName) {
        return guard("reading the search's parameters", client.paramSpecs(bearer(token), siteId, recordType, searchName));
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

    /** The call with its failures as {@link UpstreamFailure}s whose text names {@code action} ({@link FailureText}). */
    private <T> Uni<T> guard(String action, Uni<T> call) {
        return call.onFailure().transform(thrown -> FailureText.ofCall(action, Duration.ofMillis(readTimeoutMillis), thrown, mapper));
    }

    private <T> Uni<T> guardAnalysis(String action, Uni<T> call) {
        return call.onFailure().transform(thrown -> FailureText.ofCall(action, Duration.ofMillis(analysisReadTimeoutMillis), thrown, mapper));
    }
}
