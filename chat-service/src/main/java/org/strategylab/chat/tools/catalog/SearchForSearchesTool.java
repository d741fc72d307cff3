package org.strategylab.chat.tools.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolResults;

/**
 * {@code search_for_searches}: the site's searches that match what the user wants, best first, ranked by
 * upstream-gateway's catalogue search: by meaning and words ({@code mode=hybrid}), or by words only
 * ({@code mode=lexical}) when the chat request asked for {@code disableRag}. Each row carries the score
 * and, compactly, why it matched, so the model can tell a close match from a loose one.
 */
@ApplicationScoped
public class SearchForSearchesTool implements AgentTool {

    @Inject
    UpstreamSite upstream;

    @Override
    public String name() {
        return "search_for_searches";
    }

    @Override
    public String description() {
        return "Find the site's searches that match a description of what the user wants (for example "
                + "'genes with a GO term', 'protein kinases', 'expressed in gametocytes'), best first. Answers each "
                + "search's name (use it as searchName), display name, record type, kind (search, or transform: "
                + "takes an input step) and a short description.";
    }

    @Override
    public String group() {
        return "catalog";
    }

    @Override
    public boolean quotesOutsideText() {
        return true;
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addStringProperty("query", "what the searches should find, in plain words")
                .addStringProperty("recordType", "only searches of this record type (default: genes, 'transcript')")
                .addIntegerProperty("limit", "most searches to answer (default 8, at most 25)")
                .required("query").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String query = ToolArguments.text(arguments, "query");
        String recordType = ToolArguments.optionalText(arguments, "recordType");
        int limit = ToolArguments.integer(arguments, "limit", 8, 1, 25);
        String mode = rankMode(context);
        JsonNode page = upstream.json(upstream.searches(context.token(), context.siteId(),
                recordType == null ? context.graph().current().recordType() : recordType, query, limit, mode));
        ArrayNode searches = ToolResults.array();
        for (JsonNode search : page.path("items")) {
            ObjectNode row = searches.addObject();
            row.put("name", search.path("name").asText());
            ToolResults.copyText(search, row, "displayName", 120);
            row.put("recordType", search.path("recordType").asText());
            row.put("kind", search.path("kind").asText("search"));
            ToolResults.copyText(search, row, "description", 240);
            if (search.hasNonNull("score")) {
                row.put("score", Math.round(search.path("score").asDouble() * 1000) / 1000.0);
            }
            String why = whyMatched(search.path("match"));
            if (why != null) {
                row.put("why", why);
            }
        }
        ObjectNode result = ToolResults.object().put("query", query).put("mode", mode)
                .put("total", page.path("total").asInt());
        result.set("searches", searches);
        return result;
    }

    /** The catalogue ranking a turn asks for: {@code lexical} when its request disabled retrieval, else {@code hybrid}. */
    static String rankMode(ToolContext context) {
        return context.scope() != null && context.scope().disableRag() ? "lexical" : "hybrid";
    }

    /** upstream-gateway's match reason in a few words: "meaning 0.62, words: signal, peptide". */
    static String whyMatched(JsonNode match) {
        if (match.isMissingNode() || match.isNull()) {
            return null;
        }
        StringBuilder why = new StringBuilder();
        if (match.hasNonNull("similarity")) {
            why.append("meaning ").append(String.format(java.util.Locale.ROOT, "%.2f", match.path("similarity").asDouble()));
        }
        if (match.path("matchedWords").isArray() && !match.path("matchedWords").isEmpty()) {
            java.util.List<String> words = new java.util.ArrayList<>();
            match.path("matchedWords").forEach(w -> words.add(w.asText()));
            why.append(why.isEmpty() ? "" : ", ").append("words: ").append(String.join(", ", words));
        }
        return why.isEmpty() ? null : why.toString();
    }
}
