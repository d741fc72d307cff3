package org.strategylab.chat.provider.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code mock} planner's research requests, each one tool call and an answer from its result:
 * "find papers about …" ({@code literature_search}), "search the web for …" ({@code web_search}),
 * "look up PF3D7_0100100, …" ({@code lookup_gene_records}) and "write down the plan: …"
 * ({@code save_planning_artifact}). A service that is not configured is reported as the tool says.
 */
final class MockResearch {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.DOTALL;
    private static final Pattern LITERATURE = Pattern.compile("^(?:please\\s+)?(?:find|search for|look for)\\s+"
            + "(?:papers|publications|literature|articles)\\s+(?:about|on)\\s+(.+?)[.?!]?$", FLAGS);
    private static final Pattern WEB = Pattern.compile("^(?:please\\s+)?search the web for\\s+(.+?)[.?!]?$", FLAGS);
    private static final Pattern LOOKUP = Pattern.compile("^(?:please\\s+)?look up\\s+(.+)$", FLAGS);
    private static final Pattern PLAN = Pattern.compile("^(?:please\\s+)?(?:write down|save|note)\\s+(?:the|a|my)\\s+plan"
            + "\\s*(?::|for|to)\\s*(.+?)[.!]?$", FLAGS);
    private static final Pattern GENE_ID = Pattern.compile("\\b[A-Z][A-Za-z0-9]*_[0-9]{4,}\\b");

    private MockResearch() {
    }

    /** The next move for a research request, if the request is one. */
    static Optional<MockPlanner.Move> next(String request, Set<String> tools,
                                           Function<String, Optional<JsonNode>> resultOf) {
        String text = request.trim();
        Matcher literature = LITERATURE.matcher(text);
        if (literature.matches()) {
            return Optional.of(resultOf.apply("literature_search").map(MockResearch::publications).orElseGet(() ->
                    call(tools, "Searching the literature.", "literature_search",
                            MAPPER.createObjectNode().put("query", literature.group(1).trim()).put("limit", 5))));
        }
        Matcher web = WEB.matcher(text);
        if (web.matches()) {
            return Optional.of(resultOf.apply("web_search").map(MockResearch::pages).orElseGet(() ->
                    call(tools, "Searching the web.", "web_search", MAPPER.createObjectNode().put("query", web.group(1).trim()))));
        }
        Matcher lookup = LOOKUP.matcher(text);
        if (lookup.matches() && GENE_ID.matcher(lookup.group(1)).find()) {
            return Optional.of(resultOf.apply("lookup_gene_records").map(MockResearch::genes).orElseGet(() -> {
                ObjectNode arguments = MAPPER.createObjectNode();
                ArrayNode ids = arguments.putArray("geneIds");
                Matcher id = GENE_ID.matcher(lookup.group(1));
                while (id.find()) {
                    ids.add(id.group());
                }
                return call(tools, "Looking the genes up on the site.", "lookup_gene_records", arguments);
            }));
        }
        Matcher plan = PLAN.matcher(text);
        if (plan.matches()) {
            String summary = plan.group(1).trim();
            String title = summary.length() > 60 ? summary.substring(0, 60).trim() + "…" : summary;
            return Optional.of(resultOf.apply("save_planning_artifact").<MockPlanner.Move>map(r -> r.path("saved").asBoolean()
                            ? new MockPlanner.Answer("I wrote the plan down as \u201c" + r.path("title").asText() + "\u201d.")
                            : new MockPlanner.Answer("The plan was not saved: " + r.path("error").asText() + "."))
                    .orElseGet(() -> call(tools, "Writing the plan down.", "save_planning_artifact",
                            MAPPER.createObjectNode().put("title", title).put("summaryMarkdown", "- " + summary))));
        }
        return Optional.empty();
    }

    private static MockPlanner.Move publications(JsonNode result) {
        if (result.has("error")) {
            return new MockPlanner.Answer("I could not search the literature: " + result.path("error").asText() + ".");
        }
        List<String> titles = new ArrayList<>();
        result.path("publications").forEach(p -> titles.add("\u201c" + p.path("title").asText() + "\u201d"
                + (p.hasNonNull("pmid") ? " (PMID " + p.path("pmid").asText() + ")" : "")));
        return new MockPlanner.Answer(titles.isEmpty() ? "I found no publications on that."
                : "From " + result.path("source").asText() + ": " + String.join("; ", titles) + ".");
    }

    private static MockPlanner.Move pages(JsonNode result) {
        if (result.has("error")) {
            return new MockPlanner.Answer("I could not search the web: " + result.path("error").asText() + ".");
        }
        List<String> titles = new ArrayList<>();
        result.path("results").forEach(p -> titles.add(p.path("title").asText() + " (" + p.path("url").asText() + ")"));
        return new MockPlanner.Answer(titles.isEmpty() ? "The web search found nothing." : "On the web: "
                + String.join("; ", titles) + ".");
    }

    private static MockPlanner.Move genes(JsonNode result) {
        if (result.has("error")) {
            return new MockPlanner.Answer("I could not look the genes up: " + result.path("error").asText() + ".");
        }
        List<String> found = new ArrayList<>();
        result.path("resolved").forEach(g -> found.add(g.path("geneId").asText() + ": "
                + g.path("product").asText("no product") + (g.hasNonNull("organism") ? " (" + g.path("organism").asText() + ")" : "")));
        String unresolved = result.path("unresolved").isEmpty() ? ""
                : " Not found on this site: " + String.join(", ", MAPPER.convertValue(result.path("unresolved"), List.class)) + ".";
        return new MockPlanner.Answer((found.isEmpty() ? "None of them is a gene of this site." : String.join("; ", found) + ".")
                + unresolved);
    }

    private static MockPlanner.Move call(Set<String> tools, String text, String name, ObjectNode arguments) {
        if (!tools.contains(name)) {
            return new MockPlanner.Answer("I would need the tool " + name + " for this, but it is turned off in this"
                    + " conversation.");
        }
        return new MockPlanner.CallTool(text, name, arguments);
    }
}
