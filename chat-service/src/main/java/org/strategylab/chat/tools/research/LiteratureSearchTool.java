package org.strategylab.chat.tools.research;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolResults;

/**
 * {@code literature_search}: publications from Europe PMC's REST search
 * ({@code GET {base}/search?query=&format=json&resultType=core&pageSize=}), answered compactly to
 * the model and as a {@code citations} event (api-contract §5.4) to the user.
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
        return "Search the biomedical literature (Europe PMC: PubMed, PMC, preprints) for publications about a "
                + "gene, pathway, phenotype or method, best match first. Answers each publication's ids (pmid, "
                + "pmcid, doi), title, authors, journal, year and the start of its abstract; the user sees them as "
                + "citations. Europe PMC query syntax works (\"exact phrase\", AND, OR, TITLE:, AUTH:).";
    }

    @Override
    public String group() {
        return "research";
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
        if (config.europePmc().url().isEmpty()) {
            return unavailable(query, "literature search is not configured (strategylab.chat.research.europe-pmc.url is empty)");
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("query", query);
        parameters.put("format", "json");
        parameters.put("resultType", "core");
        parameters.put("pageSize", Integer.toString(limit));
        JsonNode page;
        try {
            page = ResearchHttp.getJson(SERVICE,
                    ResearchHttp.uri(config.europePmc().url().get(), "/search", parameters), config.timeout());
        } catch (ResearchUnavailable e) {
            return unavailable(query, "literature search is unavailable: " + e.getMessage());
        }
        String accessedAt = Instant.now().toString();
        ArrayNode publications = ToolResults.array();
        ArrayNode citations = ToolResults.array();
        for (JsonNode hit : page.path("resultList").path("result")) {
            if (publications.size() == limit) {
                break;
            }
            publications.add(publication(hit));
            citations.add(citation(hit, accessedAt));
        }
        if (!citations.isEmpty()) {
            ObjectNode event = ToolResults.object();
            event.set("citations", citations);
            context.scope().emit("citations", event);
        }
        ObjectNode result = ToolResults.object().put("query", query).put("source", SERVICE)
                .put("hitCount", page.path("hitCount").asLong(publications.size()));
        result.set("publications", publications);
        return result;
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
