package org.strategylab.chat.provider.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/** The {@code mock} as the workbench assistant of one experiment: refine, re-evaluate, undo, or read its metrics. */
final class MockWorkbench {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern GENE_ID = Pattern.compile("\\b[A-Z][A-Za-z0-9]*_[0-9]{4,}\\b");
    private static final Pattern UNDO = Pattern.compile("\\b(undo|revert|go back)\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern REEVALUATE = Pattern.compile("re-?evaluat|recompute|rescore", Pattern.CASE_INSENSITIVE);

    private MockWorkbench() {
    }

    /** Whether the conversation is a workbench turn: its system message says so. */
    static boolean isWorkbench(List<ChatMessage> messages) {
        return messages.stream().anyMatch(m -> m instanceof SystemMessage system
                && system.text().startsWith("You are the workbench assistant"));
    }

    /**
     * A workbench turn about one experiment: gene IDs in the message refine its result with them
     * ("remove"/"exclude" → MINUS, "add"/"include" → UNION, else INTERSECT) and re-evaluate it;
     * "re-evaluate" recomputes its metrics; "undo" (or "revert", "go back") undoes the latest refinement;
     * anything else is answered from its metrics.
     */
    static MockPlanner.Move next(String request, MockTrail done, Set<String> tools, List<ChatMessage> messages) {
        if (UNDO.matcher(request).find()) {
            Optional<MockTrail.Done> undone = done.find("undo_refinement", a -> true);
            if (undone.isEmpty()) {
                return MockPlanner.call(tools, "Undoing the latest refinement.", "undo_refinement", MAPPER.createObjectNode());
            }
            JsonNode result = undone.get().result();
            if (!result.path("undone").asBoolean(false)) {
                return new MockPlanner.Answer("The refinement cannot be undone: " + result.path("error").asText() + ".");
            }
            return new MockPlanner.Answer("I undid the latest refinement: the experiment is back at version "
                    + result.path("version").asInt() + ", " + metricsText(result.path("metrics")) + ".");
        }
        List<String> ids = new ArrayList<>();
        java.util.regex.Matcher matcher = GENE_ID.matcher(request);
        while (matcher.find()) {
            ids.add(matcher.group());
        }
        Optional<MockTrail.Done> refined = done.find("refine_with_gene_ids", a -> true);
        if (!ids.isEmpty() && refined.isEmpty()) {
            String lower = request.toLowerCase(Locale.ROOT);
            String operator = lower.matches("(?s).*\\b(remove|exclude|drop|without)\\b.*") ? "MINUS"
                    : lower.matches("(?s).*\\b(add|include|plus)\\b.*") ? "UNION" : "INTERSECT";
            ObjectNode arguments = MAPPER.createObjectNode().put("operator", operator);
            arguments.set("geneIds", MAPPER.valueToTree(ids));
            return MockPlanner.call(tools, "Refining the experiment with " + ids.size() + " gene" + (ids.size() == 1 ? "" : "s")
                    + " (" + operator + ").", "refine_with_gene_ids", arguments);
        }
        if (refined.isPresent() && !refined.get().result().path("refined").asBoolean(false)) {
            return new MockPlanner.Answer("The refinement was refused: " + refined.get().result().path("error").asText() + ".");
        }
        Optional<MockTrail.Done> evaluated = done.find("re_evaluate_controls", a -> true);
        if (evaluated.isEmpty() && (refined.isPresent() || REEVALUATE.matcher(request).find())) {
            return MockPlanner.call(tools, "Re-evaluating it against its controls.", "re_evaluate_controls", MAPPER.createObjectNode());
        }
        if (evaluated.isPresent()) {
            JsonNode result = evaluated.get().result();
            if (!result.has("metrics")) {
                return new MockPlanner.Answer("The re-evaluation failed: " + result.path("error").asText() + ".");
            }
            String done_ = refined.isPresent() ? "I refined the experiment with " + ids.size() + " gene"
                    + (ids.size() == 1 ? "" : "s") + " and re-evaluated it: " : "I re-evaluated the experiment: ";
            return new MockPlanner.Answer(done_ + metricsText(result.path("metrics")) + ".");
        }
        JsonNode experiment = mentioned(messages, "experiment");
        return new MockPlanner.Answer("Your experiment \u201c" + experiment.path("name").asText("this experiment") + "\u201d: "
                + metricsText(experiment.path("metrics")) + ". Give me gene IDs to keep, add or remove, or ask me to "
                + "re-evaluate it.");
    }

    private static String metricsText(JsonNode metrics) {
        if (!metrics.isObject()) {
            return "no metrics yet";
        }
        return String.format(Locale.ROOT, "precision %.3f, recall %.3f, F1 %.3f", metrics.path("precision").asDouble(),
                metrics.path("sensitivity").asDouble(), metrics.path("f1Score").asDouble());
    }

    /** The first context block of this type in the system message, or an empty object. */
    private static JsonNode mentioned(List<ChatMessage> messages, String type) {
        for (ChatMessage message : messages) {
            if (message instanceof SystemMessage system && system.text().contains(MockPlanner.MENTIONED)) {
                for (String line : system.text().substring(system.text().indexOf(MockPlanner.MENTIONED)).split("\n")) {
                    JsonNode block = MockTrail.parse(line.trim());
                    if (type.equals(block.path("type").asText())) {
                        return block;
                    }
                }
            }
        }
        return MAPPER.createObjectNode();
    }
}
