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
 * {@code web_search}: pages from a SearXNG instance's JSON API ({@code GET {base}/search?q=&format=json},
 * answering {@code results[{url,title,content}]}; the instance must allow the json format). Not
 * configured by default: there is no public instance to rely on.
 */
@ApplicationScoped
public class WebSearchTool implements AgentTool {

    static final String SERVICE = "the web search service";
    private static final int MAX_RESULTS = 8;

    private final ResearchConfig config;

    @Inject
    public WebSearchTool(ResearchConfig config) {
        this.config = config;
    }

    @Override
    public String name() {
        return "web_search";
    }

    @Override
    public String description() {
        return "Search the web for pages about something the site's catalogue and the literature do not cover "
                + "(a tool, a database, a protocol). Answers each page's url, title and a snippet; the user sees "
                + "them as citations. Prefer literature_search for publications.";
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
                .addStringProperty("query", "what to look for on the web")
                .required("query").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String query = ToolArguments.text(arguments, "query");
        if (config.webSearch().url().isEmpty()) {
            return unavailable(query, "web search is not configured (strategylab.chat.research.web-search.url is empty)");
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("q", query);
        parameters.put("format", "json");
        JsonNode page;
        try {
            page = ResearchHttp.getJson(SERVICE,
                    ResearchHttp.uri(config.webSearch().url().get(), "/search", parameters), config.timeout());
        } catch (ResearchUnavailable e) {
            return unavailable(query, "web search is unavailable: " + e.getMessage());
        }
        String accessedAt = Instant.now().toString();
        ArrayNode pages = ToolResults.array();
        ArrayNode citations = ToolResults.array();
        for (JsonNode hit : page.path("results")) {
            String url = hit.path("url").asText("");
            if (url.isBlank()) {
                continue;
            }
            if (pages.size() == MAX_RESULTS) {
                break;
            }
            ObjectNode row = pages.addObject().put("url", url);
            ToolResults.copyText(hit, row, "title", 200);
            ToolResults.copyText(hit, row, "content", 400);
            ObjectNode citation = citations.addObject().put("id", "web:" + url).put("source", "web")
                    .put("title", ToolResults.shorten(hit.path("title").asText(url), 300)).put("url", url);
            ToolResults.copyText(hit, citation, "content", 300);
            if (citation.has("content")) {
                citation.set("snippet", citation.remove("content"));
            }
            citation.put("accessedAt", accessedAt);
        }
        if (!citations.isEmpty()) {
            ObjectNode event = ToolResults.object();
            event.set("citations", citations);
            context.scope().emit("citations", event);
        }
        ObjectNode result = ToolResults.object().put("query", query);
        result.set("results", pages);
        return result;
    }

    private static ObjectNode unavailable(String query, String why) {
        return ToolResults.object().put("query", query).put("available", false).put("error", why);
    }
}
