package org.strategylab.chat.provider.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the {@code mock} planner answers about ways to extend a strategy without changing it: the
 * site's transforms ("which transforms …", "list the transforms") and what each operator would give
 * on two steps ("explain the operators on step-1 and step-2", "explain MINUS on step-1 and step-2"), and
 * the site's public strategies like a request ("are there example strategies for exported proteins?").
 */
final class MockStrategyQuestions {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern TRANSFORMS = Pattern.compile("\\b(?:which|what|list|show)\\b.*\\btransforms\\b",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern EXPLAIN = Pattern.compile("\\bexplain\\b(.*?)\\bon\\s+(step-\\d+)\\s+and\\s+(step-\\d+)",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern OPERATOR = Pattern.compile("\\b(INTERSECT|UNION|MINUS|RMINUS|LONLY|RONLY)\\b",
            Pattern.CASE_INSENSITIVE);

    private static final Pattern EXAMPLES = Pattern.compile(
            "\\b(?:example|public|shared)\\s+(?:strateg(?:y|ies)|plans?)\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern TOPIC = Pattern.compile("^\\s+(?:for|about|on|of|with|that find)\\s+(.+?)[.?!]*$",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    private MockStrategyQuestions() {
    }

    /** The next move for such a question, if the request is one. */
    static Optional<MockPlanner.Move> next(String request, Set<String> tools, Function<String, Optional<JsonNode>> resultOf) {
        if (TRANSFORMS.matcher(request).find()) {
            return Optional.of(resultOf.apply("list_transforms").<MockPlanner.Move>map(MockStrategyQuestions::transforms)
                    .orElseGet(() -> call(tools, "Reading the site's transforms.", "list_transforms",
                            MAPPER.createObjectNode())));
        }
        Matcher examples = EXAMPLES.matcher(request);
        if (examples.find()) {
            Matcher named = TOPIC.matcher(request.substring(examples.end()));
            String topic = named.find() ? named.group(1).trim() : request.trim();
            return Optional.of(resultOf.apply("find_example_strategies").<MockPlanner.Move>map(MockStrategyQuestions::examples)
                    .orElseGet(() -> call(tools, "Looking for the site's public strategies like this.",
                            "find_example_strategies", MAPPER.createObjectNode().put("query", topic))));
        }
        Matcher explain = EXPLAIN.matcher(request);
        if (explain.find()) {
            ObjectNode arguments = MAPPER.createObjectNode().put("leftStepId", explain.group(2).toLowerCase(Locale.ROOT))
                    .put("rightStepId", explain.group(3).toLowerCase(Locale.ROOT));
            Matcher operator = OPERATOR.matcher(explain.group(1));
            if (operator.find()) {
                arguments.put("operator", operator.group(1).toUpperCase(Locale.ROOT));
            }
            return Optional.of(resultOf.apply("explain_operator").<MockPlanner.Move>map(MockStrategyQuestions::explained)
                    .orElseGet(() -> call(tools, "Counting each combination on the site.", "explain_operator", arguments)));
        }
        return Optional.empty();
    }

    private static MockPlanner.Move transforms(JsonNode result) {
        if (!result.has("transforms")) {
            return new MockPlanner.Answer("I could not read the site's transforms: " + result.path("error").asText() + ".");
        }
        List<String> names = new ArrayList<>();
        result.path("transforms").forEach(t -> names.add(t.path("displayName").asText(t.path("name").asText())
                + " (" + t.path("name").asText() + ")"));
        return new MockPlanner.Answer(names.isEmpty() ? "The site has no transforms for these records."
                : "The site has " + names.size() + " transforms: " + String.join(", ", names) + ".");
    }

    private static MockPlanner.Move examples(JsonNode result) {
        if (!result.has("examples")) {
            return new MockPlanner.Answer("I could not read the site's public strategies: " + result.path("error").asText()
                    + ".");
        }
        List<String> lines = new ArrayList<>();
        result.path("examples").forEach(e -> lines.add("\"" + e.path("name").asText() + "\""
                + (e.has("author") ? " by " + e.path("author").asText() : "")
                + (e.has("resultGenes") ? " (" + e.path("resultGenes").asLong() + " genes)" : "")
                + (e.has("steps") ? ": " + outline(e.path("steps")) : "")));
        return new MockPlanner.Answer(lines.isEmpty() ? "The site has no public strategy like this."
                : "The site's public strategies closest to this: " + String.join("; ", lines)
                + ". I can build one like them for you.");
    }

    /** A step tree in one line: {@code (Signal Peptide Prediction MINUS Transmembrane Domain Count)}. */
    private static String outline(JsonNode step) {
        if (step.has("operator")) {
            return "(" + outline(step.path("left")) + " " + step.path("operator").asText() + " "
                    + outline(step.path("right")) + ")";
        }
        String own = step.path("displayName").asText(step.path("searchName").asText());
        return step.has("input") ? own + " of " + outline(step.path("input")) : own;
    }

    private static MockPlanner.Move explained(JsonNode result) {
        if (!result.has("operators")) {
            return new MockPlanner.Answer("I could not explain the operators: " + result.path("error").asText() + ".");
        }
        List<String> lines = new ArrayList<>();
        result.path("operators").forEach(o -> lines.add(o.path("operator").asText() + " gives "
                + (o.has("resultCount") ? o.path("resultCount").asLong() + " genes" : "no count (" + o.path("error").asText() + ")")
                + ": " + o.path("meaning").asText()));
        return new MockPlanner.Answer("On the site now, " + result.path("leftStepId").asText() + " has "
                + result.path("leftCount").asText("?") + " genes and " + result.path("rightStepId").asText() + " has "
                + result.path("rightCount").asText("?") + ". " + String.join("; ", lines)
                + ". The strategy is unchanged.");
    }

    private static MockPlanner.Move call(Set<String> tools, String text, String name, ObjectNode arguments) {
        if (!tools.contains(name)) {
            return new MockPlanner.Answer("I would need the tool " + name + " for this, but it is turned off in this"
                    + " conversation.");
        }
        return new MockPlanner.CallTool(text, name, arguments);
    }
}
