package org.strategylab.chat.provider.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
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
 * What the {@code mock} planner does with a strategy already built, besides refining it: test it
 * against control genes ("test it against controls PF3D7_0100100, … and negatives PF3D7_0100200"),
 * tune a parameter of its search ("optimise max_molecular_weight from 20000 to 60000 against
 * controls … in 8 trials") and save its genes ("export the genes as gene set kinase hits"). Gene IDs
 * after "negative"/"not" are the negative controls.
 */
final class MockFollowUps {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern GENE_ID = Pattern.compile("\\b[A-Z][A-Za-z0-9]*_[0-9]{4,}\\b");
    private static final Pattern TEST = Pattern.compile("\\b(test|check)\\b.*\\bcontrols?\\b",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern OPTIMISE = Pattern.compile("\\boptimi[sz]e\\s+([A-Za-z][A-Za-z0-9_]*)\\s+"
            + "(?:from|between)\\s+(-?[0-9.]+)\\s+(?:to|and)\\s+(-?[0-9.]+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern TRIALS = Pattern.compile("\\b(?:in|with)\\s+([0-9]+)\\s+trials\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern EXPORT = Pattern.compile("\\b(?:export|save)\\b.*?\\bgene set\\s+(?:as\\s+|named\\s+|called\\s+)?"
            + "[\"\u201c]?([^\"\u201d]+?)[\"\u201d]?\\s*[.!]?$", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern NEGATIVES = Pattern.compile("\\b(negatives?|not|non-hits?)\\b", Pattern.CASE_INSENSITIVE);

    private MockFollowUps() {
    }

    /**
     * The next move for a follow-up request on the built strategy, if the request is one.
     *
     * @param resultOf the result of this turn's call of a tool, if it was called
     */
    static Optional<MockPlanner.Move> next(String request, String rootStepId, Set<String> tools,
                                           Function<String, Optional<JsonNode>> resultOf) {
        Matcher export = EXPORT.matcher(request.trim());
        if (export.find()) {
            return Optional.of(resultOf.apply("export_gene_set").<MockPlanner.Move>map(r -> r.has("geneSetId")
                            ? new MockPlanner.Answer("I saved the " + r.path("geneCount").asInt() + " genes as the gene set \u201c"
                            + r.path("name").asText() + "\u201d; use it as controls or as an experiment's gene list in the workbench.")
                            : new MockPlanner.Answer("The gene set was not saved: " + r.path("error").asText() + "."))
                    .orElseGet(() -> call(tools, "Saving the strategy's genes as a gene set.", "export_gene_set",
                            MAPPER.createObjectNode().put("name", export.group(1).trim()).put("stepId", rootStepId))));
        }
        Matcher optimise = OPTIMISE.matcher(request);
        if (optimise.find()) {
            return Optional.of(resultOf.apply("optimize_search_parameters").map(MockFollowUps::optimised)
                    .orElseGet(() -> call(tools, "Tuning " + optimise.group(1) + " against your controls; this runs"
                            + " trials on the site.", "optimize_search_parameters", optimisation(request, optimise, rootStepId))));
        }
        if (TEST.matcher(request).find()) {
            return Optional.of(resultOf.apply("run_control_tests").map(MockFollowUps::tested)
                    .orElseGet(() -> {
                        ObjectNode arguments = MAPPER.createObjectNode().put("stepId", rootStepId);
                        controls(request, arguments);
                        return call(tools, "Testing the strategy against your controls.", "run_control_tests", arguments);
                    }));
        }
        return Optional.empty();
    }

    private static ObjectNode optimisation(String request, Matcher optimise, String rootStepId) {
        ObjectNode arguments = MAPPER.createObjectNode().put("stepId", rootStepId);
        double min = Double.parseDouble(optimise.group(2));
        double max = Double.parseDouble(optimise.group(3));
        boolean whole = min == Math.rint(min) && max == Math.rint(max);
        ObjectNode spec = arguments.putArray("parameterSpace").addObject().put("name", optimise.group(1))
                .put("type", whole ? "integer" : "numeric").put("min", min).put("max", max);
        if (whole && max - min >= 4) {
            spec.put("step", Math.max(1, Math.floor((max - min) / 4)));
        }
        Matcher trials = TRIALS.matcher(request);
        if (trials.find()) {
            arguments.put("budget", Integer.parseInt(trials.group(1)));
        }
        controls(request, arguments);
        return arguments;
    }

    /** Gene IDs before a "negative"/"not" word are positives, after it negatives. */
    static void controls(String request, ObjectNode arguments) {
        Matcher negative = NEGATIVES.matcher(request);
        int split = negative.find() ? negative.start() : request.length();
        List<String> positives = new ArrayList<>();
        List<String> negatives = new ArrayList<>();
        Matcher id = GENE_ID.matcher(request);
        while (id.find()) {
            (id.start() < split ? positives : negatives).add(id.group());
        }
        ArrayNode p = arguments.putArray("positiveControls");
        positives.forEach(p::add);
        ArrayNode n = arguments.putArray("negativeControls");
        negatives.forEach(n::add);
    }

    private static MockPlanner.Move tested(JsonNode result) {
        if (!result.has("metrics")) {
            return new MockPlanner.Answer("The control test failed: " + result.path("error").asText() + ".");
        }
        JsonNode m = result.path("metrics");
        return new MockPlanner.Answer(String.format(Locale.ROOT, "Against your controls the strategy holds %d of %d"
                        + " positives and %d of %d negatives among %d results: sensitivity %.3f, specificity %.3f,"
                        + " precision %.3f, F1 %.3f.", result.path("positivesFound").asInt(),
                result.path("positivesTotal").asInt(), result.path("negativesFound").asInt(),
                result.path("negativesTotal").asInt(), result.path("resultCount").asLong(),
                m.path("sensitivity").asDouble(), m.path("specificity").asDouble(), m.path("precision").asDouble(),
                m.path("f1Score").asDouble()));
    }

    private static MockPlanner.Move optimised(JsonNode result) {
        if (!result.has("best")) {
            return new MockPlanner.Answer("The optimisation did not finish: " + result.path("status").asText()
                    + (result.has("error") ? " (" + result.path("error").asText() + ")" : "") + ".");
        }
        JsonNode best = result.path("best");
        return new MockPlanner.Answer(String.format(Locale.ROOT, "After %d trials the best setting is %s (%s %.3f;"
                        + " the current setting scores %.3f). The trials are kept as an experiment in your workbench.",
                result.path("trialsRun").asInt(), best.path("parameters"), result.path("objective").asText(),
                best.path("score").asDouble(), result.path("currentSetting").path("score").asDouble()));
    }

    private static MockPlanner.Move call(Set<String> tools, String text, String name, ObjectNode arguments) {
        if (!tools.contains(name)) {
            return new MockPlanner.Answer("I would need the tool " + name + " for this, but it is turned off in this"
                    + " conversation.");
        }
        return new MockPlanner.CallTool(text, name, arguments);
    }
}
