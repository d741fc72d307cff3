package org.strategylab.upstream.service.genes;

import org.strategylab.upstream.service.catalog.CatalogReader;
import org.strategylab.upstream.service.catalog.CatalogViews;
import org.strategylab.upstream.service.catalog.ParamEncoder;
import org.strategylab.upstream.service.sessions.SessionService;
import org.strategylab.upstream.service.strategies.ControlCounter;
import org.strategylab.upstream.service.steps.StepService;
import org.strategylab.upstream.service.steps.UpstreamAnswers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.sites.Site;
import org.strategylab.sites.SiteRegistry;
import org.strategylab.upstream.api.GeneHit;
import org.strategylab.upstream.api.GeneResolution;
import org.strategylab.upstream.api.GeneSearchResult;
import org.strategylab.upstream.api.ResolvedGene;
import org.strategylab.upstream.client.UpstreamSession;
import org.strategylab.upstream.client.ValidationBundle;
import org.strategylab.upstream.client.WdkCatalogClient;
import org.strategylab.upstream.client.WdkJson;
import org.strategylab.upstream.client.WdkStepClient;
import org.strategylab.upstream.config.UpstreamConfig;

/**
 * Public gene look-ups: a text search over genes ({@code GenesByText}) and the resolution of ID
 * lists ({@code GeneByLocusTag} over an uploaded dataset, which maps transcript and previous ids to
 * current genes and drops unknown ones). Both run as the site's shared catalogue session and keep
 * one transcript per gene.
 */
@ApplicationScoped
public class GeneLookup {

    static final String TEXT_SEARCH = "GenesByText";
    static final String ID_SEARCH = "GeneByLocusTag";
    /** Passes over one batch: more than three inputs for one gene are rare (see {@link #resolveBatch}). */
    private static final int MAX_PASSES = 4;
    private static final List<String> HIT_ATTRIBUTES = List.of("gene_product", "gene_name", "gene_type", "organism",
            "gene_location_text");

    @Inject
    SiteRegistry sites;

    @Inject
    SessionService sessions;

    @Inject
    CatalogReader catalog;

    @Inject
    WdkCatalogClient wdk;

    @Inject
    WdkStepClient steps;

    @Inject
    UpstreamConfig config;

    /** Resolutions by (site, ID as given): the gene, or empty when the ID names none. */
    private com.github.benmanes.caffeine.cache.Cache<String, java.util.Optional<ResolvedGene>> resolutions;

    @jakarta.annotation.PostConstruct
    void resolutionCache() {
        resolutions = com.github.benmanes.caffeine.cache.Caffeine.newBuilder()
                .maximumSize(config.results().geneResolutionCacheSize())
                .expireAfterWrite(config.results().geneResolutionReuse())
                .build();
    }

    private static String resolutionKey(String siteId, String id) {
        return siteId + "\u0000" + id;
    }

    /** Genes whose text fields match {@code query}, optionally of one organism. */
    public Uni<GeneSearchResult> search(String siteId, String query, String organism, int limit, int offset) {
        Site site = sites.require(siteId);
        UpstreamSession session = sessions.catalogSession(site);
        return catalog.search(siteId, StepService.TRANSCRIPT, TEXT_SEARCH).chain(data -> {
            Map<String, String> values = textSearchValues(data, query, organism);
            ObjectNode searchConfig = WdkJson.object();
            searchConfig.set("parameters", WdkJson.stringMap(values));
            return wdk.searchReport(session, StepService.TRANSCRIPT, TEXT_SEARCH, searchConfig,
                    WdkJson.reportConfig(offset, limit, HIT_ATTRIBUTES, null, null), WdkJson.representativeTranscriptOnly());
        }).map(response -> {
            if (response.status() == 400 || response.status() == 422) {
                throw rejectedQuery(response.validationBundle());
            }
            JsonNode report = response.okJson();
            List<GeneHit> hits = new ArrayList<>();
            Set<String> organisms = new LinkedHashSet<>();
            for (JsonNode record : report.path("records")) {
                GeneHit hit = hit(record, query);
                hits.add(hit);
                if (hit.organism() != null) {
                    organisms.add(hit.organism());
                }
            }
            boolean named = organism != null && !organism.isBlank();
            return new GeneSearchResult(hits, UpstreamAnswers.meta(report, "displayViewTotalCount"), limit, offset,
                    named ? List.of() : List.copyOf(organisms));
        });
    }

    /**
     * The parameters of a gene text search, as the sites' own search box sends them: the words, the
     * organisms (every organism of the site unless one is named), {@code document_type=gene} and
     * every text field of the form ({@code text_fields}), so the answer does not depend on a default
     * the site may change. A parameter the site's form does not have is not sent.
     */
    static Map<String, String> textSearchValues(JsonNode searchData, String query, String organism) {
        Map<String, JsonNode> params = ParamEncoder.params(searchData);
        Map<String, String> values = new LinkedHashMap<>();
        values.put("text_expression", query);
        JsonNode organismParam = params.get("text_search_organism");
        if (organism != null && !organism.isBlank() && organismParam != null) {
            values.put("text_search_organism", ParamEncoder.encodeOne(organismParam, organism));
        } else if (organismParam != null) {
            // every organism of the site, not just the form's default selection
            values.put("text_search_organism", ParamEncoder.encodeOne(organismParam, leafTerms(organismParam)));
        }
        if (params.containsKey("document_type")) {
            values.put("document_type", "gene");
        }
        JsonNode fields = params.get("text_fields");
        if (fields != null && !leafTerms(fields).isEmpty()) {
            values.put("text_fields", ParamEncoder.encodeOne(fields, leafTerms(fields)));
        }
        return values;
    }

    private static List<String> leafTerms(JsonNode param) {
        return CatalogViews.leaves(CatalogViews.vocabulary(param.get("vocabulary"))).stream().map(t -> t.term()).toList();
    }

    /**
     * Which ids name genes of the site, looked up in the site's shared catalogue session (the public
     * endpoint: at most {@code results.gene-lookup-batch} ids).
     */
    public Uni<GeneResolution> resolve(String siteId, List<String> geneIds) {
        Site site = sites.require(siteId);
        return resolve(siteId, sessions.catalogSession(site), geneIds);
    }

    /**
     * Which ids name genes of the site, looked up in the given session, {@code results.gene-lookup-batch}
     * ids at a time (one batch after another, so a long list never floods the site). The order of
     * the input is kept in both lists.
     */
    public Uni<GeneResolution> resolve(String siteId, UpstreamSession session, List<String> geneIds) {
        List<String> inputs = geneIds.stream().filter(id -> id != null && !id.isBlank()).map(String::trim).distinct().toList();
        if (inputs.isEmpty()) {
            return Uni.createFrom().failure(ProblemException.invalid("No IDs",
                    List.of(new FieldError("/geneIds", "give at least one non-blank id"))));
        }
        // what was resolved lately is not asked again (a whole ID list is often the same as last run's)
        boolean reuse = !config.results().geneResolutionReuse().isZero();
        Map<String, java.util.Optional<ResolvedGene>> known = new LinkedHashMap<>();
        if (reuse) {
            for (String input : inputs) {
                java.util.Optional<ResolvedGene> cached = resolutions.getIfPresent(resolutionKey(siteId, input));
                if (cached != null) {
                    known.put(input, cached);
                }
            }
        }
        List<String> missing = inputs.stream().filter(id -> !known.containsKey(id)).toList();
        int size = Math.max(1, config.results().geneLookupBatch());
        List<List<String>> batches = new ArrayList<>();
        for (int from = 0; from < missing.size(); from += size) {
            batches.add(missing.subList(from, Math.min(missing.size(), from + size)));
        }
        Uni<JsonNode> searchData = batches.isEmpty() ? Uni.createFrom().nullItem()
                : catalog.search(siteId, StepService.TRANSCRIPT, ID_SEARCH);
        return searchData.chain(data -> {
            Map<String, ResolvedGene> found = new LinkedHashMap<>();
            known.forEach((input, gene) -> gene.ifPresent(g -> found.put(input, g)));
            Uni<Void> chain = Uni.createFrom().voidItem();
            for (List<String> batch : batches) {
                chain = chain.chain(() -> resolveBatch(session, data, batch, found, MAX_PASSES));
            }
            return chain.map(done -> {
                if (reuse) {
                    missing.forEach(input -> resolutions.put(resolutionKey(siteId, input),
                            java.util.Optional.ofNullable(found.get(input))));
                }
                List<ResolvedGene> resolved = new ArrayList<>();
                List<String> unresolved = new ArrayList<>();
                for (String input : inputs) {
                    ResolvedGene gene = found.get(input);
                    if (gene == null) {
                        unresolved.add(input);
                    } else {
                        resolved.add(gene);
                    }
                }
                return new GeneResolution(resolved, unresolved);
            });
        });
    }

    /**
     * One batch. WDK answers one record per gene and names one input per record ({@code input_id}),
     * so of two inputs for the same gene (a gene id and its transcript id, two spellings) the second
     * can only be recognised by the record's own ids; the inputs left over are asked again on their
     * own, which finds those a gene of the first pass hid, until a pass finds nothing new.
     */
    private Uni<Void> resolveBatch(UpstreamSession session, JsonNode searchData, List<String> batch,
                                   Map<String, ResolvedGene> found, int passesLeft) {
        // one spelling per id (ids are matched without regard to case), the others follow it
        Map<String, List<String>> byLowerCase = new LinkedHashMap<>();
        batch.forEach(id -> byLowerCase.computeIfAbsent(id.toLowerCase(Locale.ROOT), k -> new ArrayList<>()).add(id));
        List<String> upload = byLowerCase.values().stream().map(spellings -> spellings.get(0)).toList();
        return steps.createDataset(session, upload).map(response -> response.createdId())
                .chain(datasetId -> {
                    String parameter = ControlCounter.datasetParameter(searchData, null);
                    ObjectNode searchConfig = WdkJson.object();
                    searchConfig.set("parameters", WdkJson.stringMap(Map.of(parameter, String.valueOf(datasetId))));
                    ObjectNode reportConfig = WdkJson.object();
                    reportConfig.set("attributes", WdkJson.strings(List.of("input_id", "organism", "gene_product",
                            "gene_name")));
                    return wdk.searchReport(session, StepService.TRANSCRIPT, ID_SEARCH, searchConfig, reportConfig,
                            WdkJson.representativeTranscriptOnly());
                })
                .chain(response -> {
                    int before = found.size();
                    match(byLowerCase, response.okJson(), found);
                    List<String> left = batch.stream().filter(id -> !found.containsKey(id)).toList();
                    boolean progress = found.size() > before;
                    if (left.isEmpty() || !progress || passesLeft <= 1) {
                        return Uni.createFrom().voidItem();
                    }
                    return resolveBatch(session, searchData, left, found, passesLeft - 1);
                });
    }

    /** The text search's refusal, pointing at the query parameter the caller gave. */
    private static ProblemException rejectedQuery(ValidationBundle bundle) {
        List<FieldError> errors = new ArrayList<>();
        bundle.byKey().forEach((key, messages) -> errors.add(new FieldError(
                key.contains("organism") ? "query:organism" : "query:q", String.join("; ", messages))));
        if (errors.isEmpty()) {
            errors.add(new FieldError("query:q", "the site rejected this query"));
        }
        return ProblemException.invalid("The site rejected this gene search", errors);
    }

    /** The inputs (in every spelling) each record of the report names, by its input id or its own ids. */
    private static void match(Map<String, List<String>> byLowerCase, JsonNode report, Map<String, ResolvedGene> found) {
        for (JsonNode record : report.path("records")) {
            String geneId = UpstreamAnswers.recordId(record);
            JsonNode attributes = record.path("attributes");
            List<String> names = new ArrayList<>();
            names.add(attributes.path("input_id").asText(""));
            record.path("id").forEach(part -> names.add(part.path("value").asText("")));
            for (String name : names) {
                for (String input : byLowerCase.getOrDefault(name.toLowerCase(Locale.ROOT), List.of())) {
                    found.putIfAbsent(input, new ResolvedGene(input, geneId, plain(attributes.path("organism").asText(null)),
                            attributes.path("gene_product").asText(null), text(attributes, "gene_name")));
                }
            }
        }
    }

    private static GeneHit hit(JsonNode record, String query) {
        JsonNode a = record.path("attributes");
        String geneId = UpstreamAnswers.recordId(record);
        String product = text(a, "gene_product");
        String name = text(a, "gene_name");
        String needle = query.replace("*", "").toLowerCase(Locale.ROOT);
        List<String> matched = new ArrayList<>();
        if (!needle.isEmpty()) {
            if (geneId != null && geneId.toLowerCase(Locale.ROOT).contains(needle)) {
                matched.add("geneId");
            }
            if (product != null && product.toLowerCase(Locale.ROOT).contains(needle)) {
                matched.add("product");
            }
            if (name != null && name.toLowerCase(Locale.ROOT).contains(needle)) {
                matched.add("geneName");
            }
        }
        return new GeneHit(geneId, record.path("displayName").asText(null), plain(text(a, "organism")), product, name,
                text(a, "gene_type"), text(a, "gene_location_text"), matched);
    }

    private static String text(JsonNode attributes, String name) {
        JsonNode value = attributes.get(name);
        return value == null || value.isNull() ? null : value.asText();
    }

    /** WDK formats organism names as HTML ({@code <i>…</i>}); callers get plain text. */
    static String plain(String html) {
        return html == null ? null : html.replaceAll("<[^>]*>", "").trim();
    }
}
