package org.strategylab.chat.provider.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the {@code mock} planner does with a change to the strategy's bookkeeping rather than its
 * searches: undo the last change ("undo the last change", "undo that") and rename a step ("rename
 * step-1 to Kinases", "rename it to Kinases" for the strategy's root).
 */
final class MockGraphChanges {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern UNDO = Pattern.compile("^\\s*(?:please\\s+)?undo\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern RENAME = Pattern.compile("\\brename\\s+(?:step\\s+)?(\\S+)\\s+(?:to|as)\\s+"
            + "[\"\u201c]?(.+?)[\"\u201d]?\\s*[.!]?$", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    private MockGraphChanges() {
    }

    /**
     * The next move for such a request, if the request is one.
     *
     * @param rootStepId the strategy's root, when it has one ("it")
     */
    static Optional<MockPlanner.Move> next(String request, Optional<String> rootStepId, Set<String> tools,
                                           Function<String, Optional<JsonNode>> resultOf) {
        if (UNDO.matcher(request).find()) {
            return Optional.of(resultOf.apply("undo_last_change").<MockPlanner.Move>map(r -> r.has("graph")
                            ? new MockPlanner.Answer("I undid the last change; the strategy now has "
                            + r.path("graph").path("stepCount").asInt() + " steps.")
                            : new MockPlanner.Answer("Nothing was undone: " + r.path("error").asText() + "."))
                    .orElseGet(() -> call(tools, "Undoing the last change.", "undo_last_change", MAPPER.createObjectNode())));
        }
        Matcher rename = RENAME.matcher(request.trim());
        if (rename.find()) {
            String named = rename.group(1);
            String stepId = named.equalsIgnoreCase("it") ? rootStepId.orElse(named) : named;
            return Optional.of(resultOf.apply("rename_step").<MockPlanner.Move>map(r -> r.has("step")
                            ? new MockPlanner.Answer("I renamed " + r.path("step").path("stepId").asText() + " to \u201c"
                            + r.path("step").path("displayName").asText() + "\u201d.")
                            : new MockPlanner.Answer("The step was not renamed: " + r.path("error").asText() + "."))
                    .orElseGet(() -> call(tools, "Renaming the step.", "rename_step", MAPPER.createObjectNode()
                            .put("stepId", stepId).put("displayName", rename.group(2).trim()))));
        }
        return Optional.empty();
    }

    private static MockPlanner.Move call(Set<String> tools, String text, String name, ObjectNode arguments) {
        if (!tools.contains(name)) {
            return new MockPlanner.Answer("I would need the tool " + name + " for this, but it is turned off in this"
                    + " conversation.");
        }
        return new MockPlanner.CallTool(text, name, arguments);
    }
}
