package org.strategylab.chat.tools.research;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.strategylab.chat.tools.ToolResults;

/**
 * PubMed through NCBI's E-utilities, the second source of {@code literature_search}:
 * {@code esearch.fcgi?db=pubmed&term=&retmode=json&sort=relevance&retmax=} for the PMIDs, then
 * {@code esummary.fcgi?db=pubmed&id=&retmode=json} for their titles, authors, journals, dates and
 * article ids. Blocking; throws {@link ResearchUnavailable} when the service cannot answer.
 */
final class PubMedSearch {

    static final String SERVICE = "NCBI E-utilities";

    /** What a search found: its total count and the summaries of the first PMIDs, in PubMed's order. */
    record Found(long count, List<JsonNode> summaries) {
    }

    private PubMedSearch() {
    }

    static Found search(String baseUrl, String query, int limit, Duration timeout) {
        Map<String, String> search = new LinkedHashMap<>();
        search.put("db", "pubmed");
        search.put("term", query);
        search.put("retmode", "json");
        search.put("sort", "relevance");
        search.put("retmax", Integer.toString(limit));
        JsonNode ids = ResearchHttp.getJson(SERVICE, ResearchHttp.uri(baseUrl, "/esearch.fcgi", search), timeout)
                .path("esearchresult");
        List<String> pmids = new ArrayList<>();
        ids.path("idlist").forEach(id -> pmids.add(id.asText()));
        long count = ids.path("count").asLong(pmids.size());
        if (pmids.isEmpty()) {
            return new Found(count, List.of());
        }
        Map<String, String> summary = new LinkedHashMap<>();
        summary.put("db", "pubmed");
        summary.put("id", String.join(",", pmids));
        summary.put("retmode", "json");
        JsonNode result = ResearchHttp.getJson(SERVICE, ResearchHttp.uri(baseUrl, "/esummary.fcgi", summary), timeout)
                .path("result");
        List<JsonNode> summaries = new ArrayList<>();
        for (String pmid : pmids) {
            JsonNode one = result.path(pmid);
            if (one.isObject() && !one.has("error")) {
                summaries.add(one);
            }
        }
        return new Found(count, summaries);
    }

    /** What the model reads of one summary, in the shape of a Europe PMC publication. */
    static ObjectNode publication(JsonNode summary) {
        ObjectNode row = ToolResults.object().put("pmid", summary.path("uid").asText());
        String pmc = articleId(summary, "pmc");
        if (pmc != null) {
            row.put("pmcid", pmc);
        }
        String doi = articleId(summary, "doi");
        if (doi != null) {
            row.put("doi", doi);
        }
        row.put("title", ToolResults.shorten(summary.path("title").asText(""), 300));
        String authors = authors(summary);
        if (!authors.isEmpty()) {
            row.put("authorString", ToolResults.shorten(authors, 160));
        }
        String journal = summary.path("fulljournalname").asText(summary.path("source").asText(""));
        if (!journal.isBlank()) {
            row.put("journal", ToolResults.shorten(journal, 120));
        }
        String year = year(summary);
        if (year != null) {
            row.put("pubYear", year);
        }
        return row.put("source", "PubMed");
    }

    /** The §5.4 citation of one summary. */
    static ObjectNode citation(JsonNode summary, String accessedAt) {
        String pmid = summary.path("uid").asText();
        ObjectNode citation = ToolResults.object().put("id", "pubmed:" + pmid).put("source", "pubmed")
                .put("title", ToolResults.shorten(summary.path("title").asText(""), 400))
                .put("url", "https://pubmed.ncbi.nlm.nih.gov/" + pmid + "/").put("pmid", pmid);
        String doi = articleId(summary, "doi");
        if (doi != null) {
            citation.put("doi", doi);
        }
        String authors = authors(summary);
        if (!authors.isEmpty()) {
            citation.put("authors", ToolResults.shorten(authors, 300));
        }
        String year = year(summary);
        if (year != null) {
            citation.put("year", Integer.parseInt(year));
        }
        return citation.put("accessedAt", accessedAt);
    }

    private static String articleId(JsonNode summary, String type) {
        for (JsonNode id : summary.path("articleids")) {
            if (type.equals(id.path("idtype").asText()) && !id.path("value").asText("").isBlank()) {
                return id.path("value").asText();
            }
        }
        return null;
    }

    private static String authors(JsonNode summary) {
        List<String> names = new ArrayList<>();
        summary.path("authors").forEach(a -> {
            if (!a.path("name").asText("").isBlank()) {
                names.add(a.path("name").asText());
            }
        });
        return names.isEmpty() ? "" : String.join(", ", names) + ".";
    }

    /** The year of {@code pubdate} ("2014 Apr 24"), or null. */
    private static String year(JsonNode summary) {
        String date = summary.path("pubdate").asText("");
        return date.length() >= 4 && date.substring(0, 4).matches("\\d{4}") ? date.substring(0, 4) : null;
    }
}
