package org.strategylab.upstream.service.catalog;

import org.strategylab.upstream.service.sessions.SessionService;
import org.strategylab.upstream.service.steps.ControlCounter;
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

    /** Which ids name genes of the site. */
    public Uni<GeneResolution> resolve(String siteId, List<String> geneIds) {
        Site site = sites.require(siteId);
        UpstreamSession session = sessions.catalogSession(site);
        List<String> inputs = geneIds.stream().filter(id -> id != null && !id.isBlank()).map(String::trim).distinct().toList();
        if (inputs.isEmpty()) {
            return Uni.createFrom().failure(ProblemException.invalid("No IDs",
                    List.of(new FieldError("/geneIds", "give at least one non-blank id"))));
        }
        return catalog.search(siteId, StepService.TRANSCRIPT, ID_SEARCH)
                .chain(data -> steps.createDataset(session, inputs).map(response -> response.createdId())
                        .chain(datasetId -> {
                            String parameter = ControlCounter.datasetParameter(data, null);
                            ObjectNode searchConfig = WdkJson.object();
                            searchConfig.set("parameters", WdkJson.stringMap(Map.of(parameter, String.valueOf(datasetId))));
                            ObjectNode reportConfig = WdkJson.object();
                            reportConfig.set("attributes", WdkJson.strings(List.of("input_id", "organism", "gene_product",
                                    "gene_name")));
                            return wdk.searchReport(session, StepService.TRANSCRIPT, ID_SEARCH, searchConfig, reportConfig,
                                    WdkJson.representativeTranscriptOnly());
                        }))
                .map(response -> resolution(inputs, response.okJson()));
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

    private static GeneResolution resolution(List<String> inputs, JsonNode report) {
        Map<String, ResolvedGene> byInput = new LinkedHashMap<>();
        Map<String, String> lowerInputs = new LinkedHashMap<>();
        inputs.forEach(i -> lowerInputs.put(i.toLowerCase(Locale.ROOT), i));
        for (JsonNode record : report.path("records")) {
            String geneId = UpstreamAnswers.recordId(record);
            JsonNode attributes = record.path("attributes");
            List<String> names = new ArrayList<>();
            names.add(attributes.path("input_id").asText(""));
            record.path("id").forEach(part -> names.add(part.path("value").asText("")));
            for (String name : names) {
                String input = lowerInputs.get(name.toLowerCase(Locale.ROOT));
                if (input != null && !byInput.containsKey(input)) {
                    byInput.put(input, new ResolvedGene(input, geneId, plain(attributes.path("organism").asText(null)),
                            attributes.path("gene_product").asText(null), text(attributes, "gene_name")));
                }
            }
        }
        List<ResolvedGene> resolved = new ArrayList<>();
        List<String> unresolved = new ArrayList<>();
        for (String input : inputs) {
            ResolvedGene gene = byInput.get(input);
            if (gene == null) {
                unresolved.add(input);
            } else {
                resolved.add(gene);
            }
        }
        return new GeneResolution(resolved, unresolved);
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
