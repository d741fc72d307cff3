package org.strategylab.chat.tools.research;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolResults;

/**
 * {@code literature_search}: publications from Europe PMC's REST search
 * ({@code GET {base}/search?query=&format=json&resultType=core&pageSize=}) and from PubMed through
 * NCBI's E-utilities ({@link PubMedSearch}), which fills what Europe PMC left (a PMID is answered
 * once), answered compactly to the model and as a {@code citations} event (api-contract §5.4) to
 * the user. Either source alone works; one that fails is named in {@code partial}.
 */
@ApplicationScoped
public class LiteratureSearchTool implements AgentTool {

    static final String SERVICE = "Europe PMC";

    private final ResearchConfig config;

    @Inject
    public LiteratureSearchTool(ResearchConfig config) {
        this.config = config;
    }

    @Override
    public String name() {
        return "literature_search";
    }

    @Override
    public String description() {
        return "Search the biomedical literature (Europe PMC: PubMed, PMC, preprints; and PubMed itself) for publications about a "
                + "gene, pathway, phenotype or method, best match first. Answers each publication's ids (pmid, "
                + "pmcid, doi), title, authors, journal, year and the start of its abstract; the user sees them as "
                + "citations. Europe PMC query syntax works (\"exact phrase\", AND, OR, TITLE:, AUTH:).";
    }

    @Override
    public String group() {
        return "research";
    }

    @Override
    public boolean quotesOutsideText() {
        return true;
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addStringProperty("query", "what to look for, in words or Europe PMC query syntax")
                .addIntegerProperty("limit", "most publications to answer (default 5, at most 20)")
                .required("query").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String query = ToolArguments.text(arguments, "query");
        int limit = ToolArguments.integer(arguments, "limit", 5, 1, 20);
        boolean europe = configured(config.europePmc());
        boolean pubmed = configured(config.ncbiEutils());
        if (!europe && !pubmed) {
            return unavailable(query, "literature search is not configured (strategylab.chat.research.europe-pmc.url"
                    + " and strategylab.chat.research.ncbi-eutils.url are empty)");
        }
        String accessedAt = Instant.now().toString();
        ArrayNode publications = ToolResults.array();
        ArrayNode citations = ToolResults.array();
        Set<String> pmids = new HashSet<>();
        List<String> sources = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        long hitCount = -1;
        if (europe) {
            try {
                JsonNode page = europePmc(query, limit);
                sources.add(SERVICE);
                hitCount = page.path("hitCount").asLong(-1);
                for (JsonNode hit : page.path("resultList").path("result")) {
                    if (publications.size() == limit) {
                        break;
                    }
                    publications.add(publication(hit));
                    citations.add(citation(hit, accessedAt));
                    if (hit.hasNonNull("pmid")) {
                        pmids.add(hit.path("pmid").asText());
                    }
                }
            } catch (ResearchUnavailable e) {
                failures.add(e.getMessage());
            }
        }
        // PubMed fills what Europe PMC left (or stands alone): the same PMID is answered once
        if (pubmed && publications.size() < limit) {
            try {
                PubMedSearch.Found found = PubMedSearch.search(config.ncbiEutils().url().get(), query, limit,
                        config.timeout());
                sources.add("PubMed");
                hitCount = Math.max(hitCount, found.count());
                for (JsonNode summary : found.summaries()) {
                    if (publications.size() == limit) {
                        break;
                    }
                    if (pmids.add(summary.path("uid").asText())) {
                        publications.add(PubMedSearch.publication(summary));
                        citations.add(PubMedSearch.citation(summary, accessedAt));
                    }
                }
            } catch (ResearchUnavailable e) {
                failures.add(e.getMessage());
            }
        }
        if (sources.isEmpty()) {
            return unavailable(query, "literature search is unavailable: " + String.join("; ", failures));
        }
        if (!citations.isEmpty()) {
            ObjectNode event = ToolResults.object();
            event.set("citations", citations);
            context.scope().emit("citations", event);
        }
        ObjectNode result = ToolResults.object().put("query", query).put("source", String.join(" + ", sources))
                .put("hitCount", Math.max(hitCount, publications.size()));
        if (!failures.isEmpty()) {
            result.put("partial", "not answered: " + String.join("; ", failures));
        }
        result.set("publications", publications);
        return result;
    }

    private JsonNode europePmc(String query, int limit) {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("query", query);
        parameters.put("format", "json");
        parameters.put("resultType", "core");
        parameters.put("pageSize", Integer.toString(limit));
        return ResearchHttp.getJson(SERVICE, ResearchHttp.uri(config.europePmc().url().get(), "/search", parameters),
                config.timeout());
    }

    private static boolean configured(ResearchConfig.Service service) {
        return service.url().filter(url -> !url.isBlank()).isPresent();
    }

    private static ObjectNode unavailable(String query, String why) {
        return ToolResults.object().put("query", query).put("available", false).put("error", why);
    }

    /** What the model reads of one hit: ids, who, where, when, and the abstract's start. */
    private static ObjectNode publication(JsonNode hit) {
        ObjectNode row = ToolResults.object();
        for (String id : new String[] {"pmid", "pmcid", "doi"}) {
            ToolResults.copyText(hit, row, id, 80);
        }
        ToolResults.copyText(hit, row, "title", 300);
        ToolResults.copyText(hit, row, "authorString", 160);
        String journal = journal(hit);
        if (journal != null) {
            row.put("journal", ToolResults.shorten(journal, 120));
        }
        ToolResults.copyText(hit, row, "pubYear", 8);
        ToolResults.copyText(hit, row, "abstractText", 600);
        return row;
    }

    /** The §5.4 citation of one hit. */
    private static ObjectNode citation(JsonNode hit, String accessedAt) {
        String source = hit.path("source").asText("MED");
        String id = hit.path("id").asText();
        ObjectNode citation = ToolResults.object()
                .put("id", "europepmc:" + source + ":" + id)
                .put("source", "europepmc")
                .put("title", ToolResults.shorten(hit.path("title").asText(""), 400))
                .put("url", "https://europepmc.org/article/" + source + "/" + id);
        ToolResults.copyText(hit, citation, "doi", 120);
        ToolResults.copyText(hit, citation, "pmid", 20);
        if (hit.hasNonNull("authorString")) {
            citation.put("authors", ToolResults.shorten(hit.path("authorString").asText(), 300));
        }
        if (hit.path("pubYear").asText("").matches("\\d{4}")) {
            citation.put("year", Integer.parseInt(hit.path("pubYear").asText()));
        }
        if (hit.hasNonNull("abstractText")) {
            citation.put("snippet", ToolResults.shorten(hit.path("abstractText").asText(), 300));
        }
        return citation.put("accessedAt", accessedAt);
    }

    /** The journal: {@code journalTitle} in lite results, {@code journalInfo.journal.title} in core ones. */
    private static String journal(JsonNode hit) {
        String lite = hit.path("journalTitle").asText("");
        if (!lite.isBlank()) {
            return lite;
        }
        String core = hit.path("journalInfo").path("journal").path("title").asText("");
        return core.isBlank() ? null : core;
    }
}
