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
 * What the {@code mock} planner does with step filters: show a step's filters ("show the filters of
 * step 1", "which filters can step-2 take?"), keep one organism's genes in a step ("only keep genes from
 * Plasmodium falciparum 3D7 in step 2": the step's filters are read first and the organism filter the
 * site offers is set), and take a filter off ("remove the filter", "remove the filter from step 2"; without
 * a step, the one step that has a filter).
 */
final class MockStepFilters {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern STEP = Pattern.compile("\\bstep[-\\s]?(\\d+)\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern LIST = Pattern.compile("\\b(?:show|list|which|what)\\b.*\\bfilters?\\b",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern REMOVE = Pattern.compile("\\b(?:remove|drop|clear|take\\s+off)\\b.*\\bfilters?\\b",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern KEEP = Pattern.compile("\\bonly\\s+(?:keep|show)\\s+(?:the\\s+)?genes\\s+(?:from|of)\\s+"
            + "(.+?)\\s+(?:in|on|of)\\s+step[-\\s]?(\\d+)", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    private MockStepFilters() {
    }

    /**
     * The next move for a request about step filters, if it is one.
     *
     * @param rootStepId    the strategy's root, when it has one (a request naming no step)
     * @param filteredSteps the steps that have filters now, from the strategy as it stands
     */
    static Optional<MockPlanner.Move> next(String request, Optional<String> rootStepId, List<String> filteredSteps,
                                           Set<String> tools, Function<String, Optional<JsonNode>> resultOf) {
        Matcher keep = KEEP.matcher(request);
        if (keep.find()) {
            return Optional.of(keepOrganism(keep.group(1).trim(), "step-" + keep.group(2), tools, resultOf));
        }
        Optional<String> named = named(request);
        if (REMOVE.matcher(request).find()) {
            String stepId = named.orElse(filteredSteps.size() == 1 ? filteredSteps.get(0) : rootStepId.orElse(null));
            if (stepId == null) {
                return Optional.of(new MockPlanner.Answer("Which step's filter should I remove?"));
            }
            return Optional.of(resultOf.apply("remove_step_filter").map(r -> changed(r, "I removed the filter from "))
                    .orElseGet(() -> MockPlanner.call(tools, "Removing the filter.", "remove_step_filter",
                            MAPPER.createObjectNode().put("stepId", stepId))));
        }
        if (LIST.matcher(request).find()) {
            String stepId = named.or(() -> rootStepId).orElse(null);
            if (stepId == null) {
                return Optional.of(new MockPlanner.Answer("Which step's filters should I show?"));
            }
            return Optional.of(resultOf.apply("list_step_filters").map(MockStepFilters::listed)
                    .orElseGet(() -> MockPlanner.call(tools, "Reading the step's filters.", "list_step_filters",
                            MAPPER.createObjectNode().put("stepId", stepId))));
        }
        return Optional.empty();
    }

    /** Read the step's filters, set its organism filter to the organism, answer with the new count. */
    private static MockPlanner.Move keepOrganism(String organism, String stepId, Set<String> tools,
                                                 Function<String, Optional<JsonNode>> resultOf) {
        Optional<JsonNode> listed = resultOf.apply("list_step_filters");
        if (listed.isEmpty()) {
            return MockPlanner.call(tools, "Reading the filters " + stepId + " can take.", "list_step_filters",
                    MAPPER.createObjectNode().put("stepId", stepId));
        }
        if (!listed.get().has("offered")) {
            return new MockPlanner.Answer("I could not read the step's filters: " + listed.get().path("error").asText() + ".");
        }
        String filter = null;
        for (JsonNode offered : listed.get().path("offered")) {
            String text = (offered.path("name").asText() + " " + offered.path("displayName").asText()).toLowerCase(Locale.ROOT);
            if (filter == null && text.contains("organism")) {
                filter = offered.path("name").asText();
            }
        }
        if (filter == null) {
            return new MockPlanner.Answer("The site offers no organism filter for " + stepId + ".");
        }
        Optional<JsonNode> set = resultOf.apply("set_step_filter");
        if (set.isPresent()) {
            return changed(set.get(), "I kept only the genes of " + organism + " in ");
        }
        ObjectNode arguments = MAPPER.createObjectNode().put("stepId", stepId).put("name", filter);
        arguments.putObject("value").putArray("values").add(organism);
        return MockPlanner.call(tools, "Filtering " + stepId + " to " + organism + ".", "set_step_filter", arguments);
    }

    private static MockPlanner.Move changed(JsonNode result, String done) {
        if (!result.has("step")) {
            return new MockPlanner.Answer("The filter was not changed: " + result.path("error").asText() + ".");
        }
        JsonNode step = result.path("step");
        JsonNode count = step.path("resultCount");
        return new MockPlanner.Answer(done + step.path("stepId").asText() + (count.canConvertToLong()
                ? ": it now returns " + count.asLong() + (count.asLong() == 1 ? " gene." : " genes.") : "."));
    }

    private static MockPlanner.Move listed(JsonNode result) {
        if (!result.has("offered")) {
            return new MockPlanner.Answer("I could not read the step's filters: " + result.path("error").asText() + ".");
        }
        List<String> offered = new ArrayList<>();
        result.path("offered").forEach(f -> offered.add(f.path("displayName").asText(f.path("name").asText())
                + " (" + f.path("name").asText() + ")"));
        List<String> set = new ArrayList<>();
        result.path("set").forEach(f -> set.add(f.path("name").asText() + " = " + f.path("value")));
        return new MockPlanner.Answer(result.path("stepId").asText() + " can take " + (offered.isEmpty() ? "no filters"
                : offered.size() + " filters: " + String.join(", ", offered)) + ". It has "
                + (set.isEmpty() ? "no filter now." : String.join("; ", set) + "."));
    }

    private static Optional<String> named(String request) {
        Matcher step = STEP.matcher(request);
        return step.find() ? Optional.of("step-" + step.group(1)) : Optional.empty();
    }
}
