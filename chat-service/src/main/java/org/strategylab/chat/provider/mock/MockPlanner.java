package org.strategylab.chat.provider.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The {@code mock} provider's mind: a deterministic, keyword-driven planner that reads the user's
 * message and the tool results of the turn so far, and decides the next move with the real tools —
 * find a search per condition, read its parameters, look up vocabulary values, create the step,
 * combine two conditions, validate, and answer with what was built. Stateless: the same
 * conversation always gives the same moves, so the offline product and the tests are repeatable.
 *
 * <p>This class decides which part plays the turn and builds the chat's strategies; the parts are
 * {@link MockSubAgent} (a delegated task), {@link MockWorkbench} (a workbench turn),
 * {@link MockResearch} (literature, web, gene records, plans), {@link MockFollowUps} (controls,
 * optimisation and gene sets on a strategy already built), {@link MockGraphChanges} (undo, rename), {@link MockCatalogue} (record types),
 * {@link MockStepFilters} (step filters: list, set an organism, remove),
 * {@link MockStrategyQuestions} (transforms, operators explained),
 * {@link MockConditions} (reading the
 * request's conditions), {@link MockParameters} (picking a search and filling its parameters),
 * {@link MockGroupedPlan} (grouped conditions as a delegation plan) and {@link MockTrail} (this turn's
 * tool calls). "Save" (or "push") in the request puts the finished strategy on the site.
 */
public final class MockPlanner {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** How the system message introduces the strategy's steps, as one line of JSON. */
    private static final String STATE = "The strategy as it stands: ";
    /** How the system message introduces what the user mentioned, one JSON block a line. */
    static final String MENTIONED = "The user mentioned these; use them as context:";

    /** The next move: call a tool (after a short remark), or answer. */
    public sealed interface Move permits CallTool, Answer {
        String text();
    }

    /** Call one tool. */
    public record CallTool(String text, String toolName, ObjectNode arguments) implements Move {
    }

    /** Answer the user; the turn ends. */
    public record Answer(String text) implements Move {
    }

    /** Decides the next move from the conversation so far (only this turn's tool calls count). */
    public Move next(List<ChatMessage> messages, Set<String> tools) {
        int start = MockTrail.lastUserMessage(messages);
        if (start < 0) {
            return new Answer("Tell me which genes you are looking for, and I will build a search strategy for them.");
        }
        String request = ((UserMessage) messages.get(start)).singleText();
        MockTrail done = MockTrail.after(messages, start);
        if (MockSubAgent.isSubAgent(messages)) {
            return MockSubAgent.next(request, done, tools);
        }
        if (MockWorkbench.isWorkbench(messages)) {
            return MockWorkbench.next(request, done, tools, messages);
        }
        Optional<Move> filters = MockStepFilters.next(request, existingRoot(messages), filteredSteps(messages), tools,
                done::resultOf);
        if (filters.isPresent()) {
            return filters.get();
        }
        Optional<Move> research = MockResearch.next(request, tools, done::resultOf);
        if (research.isPresent()) {
            return research.get();
        }
        Optional<Move> discovery = MockDiscovery.next(request, tools, done::resultOf);
        if (discovery.isPresent()) {
            return discovery.get();
        }
        Optional<String> existingRoot = existingRoot(messages);
        Optional<Move> catalogue = MockCatalogue.next(request, tools, done::resultOf);
        if (catalogue.isPresent()) {
            return catalogue.get();
        }
        Optional<Move> question = MockStrategyQuestions.next(request, tools, done::resultOf);
        if (question.isPresent()) {
            return question.get();
        }
        Optional<Move> graphChange = MockGraphChanges.next(request, existingRoot, tools, done::resultOf);
        if (graphChange.isPresent()) {
            return graphChange.get();
        }
        if (existingRoot.isPresent()) {
            Optional<Move> followUp = MockFollowUps.next(request, existingRoot.get(), tools, done::resultOf);
            if (followUp.isPresent()) {
                return followUp.get();
            }
        }
        String asked = MockConditions.withoutSaveClause(request);
        Optional<MockConditions.Condition> refinement = existingRoot.flatMap(root -> MockConditions.refinement(asked));
        List<MockConditions.Condition> conditions = refinement.map(List::of)
                .orElseGet(() -> MockConditions.conditions(asked));
        Optional<MockGroupedPlan> groups = refinement.isEmpty() ? MockGroupedPlan.of(asked, request) : Optional.empty();
        if (groups.isPresent() && tools.contains("delegate_strategy_subtasks")) {
            return grouped(request, groups.get(), done, tools, mentionNote(messages));
        }
        if (refinement.isEmpty() && conditions.size() == 2 && tools.contains("delegate_strategy_subtasks")) {
            return delegated(request, conditions, done, tools, mentionNote(messages));
        }
        return build(request, conditions, refinement.isPresent() ? existingRoot.get() : null, done, tools,
                mentionNote(messages));
    }

    /**
     * Builds the conditions with direct tool calls (one step each, then their combine), or, with a
     * {@code rootToJoin}, the one condition of a change joined to the strategy's root; then validates,
     * saves when asked and answers.
     */
    private static Move build(String request, List<MockConditions.Condition> conditions, String rootToJoin,
                              MockTrail done, Set<String> tools, String mentionNote) {
        String organismHint = MockConditions.organismHint(request);
        List<String> stepIds = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (MockConditions.Condition condition : conditions) {
            Optional<Move> needed = stepFor(condition, organismHint, done, tools, stepIds, labels);
            if (needed.isPresent()) {
                return needed.get();
            }
        }
        List<MockConditions.Condition> joined = conditions;
        if (rootToJoin != null) {
            // a change to the strategy there is: the new step joins its root
            stepIds.add(0, rootToJoin);
            labels.add(0, "your strategy");
            joined = List.of(new MockConditions.Condition("your strategy", null), new MockConditions.Condition(
                    conditions.get(0).text(), conditions.get(0).operator()));
        }
        String rootId = stepIds.get(0);
        JsonNode rootResult = done.resultOf("create_step").orElse(null);
        if (stepIds.size() == 2) {
            String operator = joined.get(1).operator();
            Optional<MockTrail.Done> combined = done.find("combine_steps",
                    a -> stepIds.get(0).equals(a.path("leftStepId").asText())
                            && stepIds.get(1).equals(a.path("rightStepId").asText()));
            if (combined.isEmpty()) {
                ObjectNode arguments = MAPPER.createObjectNode().put("leftStepId", stepIds.get(0))
                        .put("rightStepId", stepIds.get(1)).put("operator", operator)
                        .put("displayName", labels.get(0) + " " + operator + " " + labels.get(1));
                return call(tools, "Now I'll combine the two steps with " + operator + ".", "combine_steps", arguments);
            }
            if (combined.get().result().path("step").isMissingNode()) {
                return new Answer("I could not combine the steps: " + combined.get().result().path("error").asText() + ".");
            }
            rootId = combined.get().result().path("step").path("stepId").asText();
            rootResult = combined.get().result();
        } else if (stepIds.size() == 1) {
            rootResult = done.find("create_step", a -> labels.get(0).equals(a.path("displayName").asText()))
                    .map(MockTrail.Done::result).orElse(rootResult);
        }
        String finalRoot = rootId;
        JsonNode finalResult = rootResult;
        List<MockConditions.Condition> summarised = joined;
        return finish(request, done, tools, validation -> summary(summarised, labels, finalRoot, finalResult, validation),
                mentionNote);
    }

    /**
     * The next call that building one condition's step needs (find a search, read its parameters,
     * look a value up, create the step), or an answer when it cannot be built; empty when the step
     * exists, its id and label then added to {@code stepIds} and {@code labels}.
     */
    private static Optional<Move> stepFor(MockConditions.Condition condition, String organismHint, MockTrail done,
                                          Set<String> tools, List<String> stepIds, List<String> labels) {
        String label = MockConditions.label(condition.text());
        Optional<MockTrail.Done> found = done.find("search_for_searches", a -> label.equals(a.path("query").asText()));
        if (found.isEmpty()) {
            return Optional.of(call(tools, "I'll look for searches that match " + quote(label) + ".",
                    "search_for_searches", MAPPER.createObjectNode().put("query", label).put("limit", 25)));
        }
        JsonNode searches = found.get().result().path("searches");
        if (searches.isEmpty()) {
            return Optional.of(new Answer("I could not find a search on this site for " + quote(condition.text())
                    + ". Could you describe it differently (for example by function, GO term or product name)?"));
        }
        JsonNode search = MockParameters.pickSearch(searches, MockConditions.keywords(condition.text()));
        String searchName = search.path("name").asText();
        Optional<MockTrail.Done> specs = done.find("get_search_parameters",
                a -> searchName.equals(a.path("searchName").asText()));
        if (specs.isEmpty()) {
            return Optional.of(call(tools, "The best match is " + quote(search.path("displayName").asText(searchName))
                    + "; let me read its parameters.", "get_search_parameters",
                    MAPPER.createObjectNode().put("searchName", searchName)));
        }
        MockParameters.ParameterChoice choice = MockParameters.fill(specs.get().result().path("parameters"),
                condition.text(), organismHint, searchName, done);
        if (choice.lookup() != null) {
            return Optional.of(call(tools, "I'll look up the value of " + quote(choice.lookup().path("paramName").asText())
                    + " that matches.", "get_dependent_vocab", choice.lookup()));
        }
        Optional<MockTrail.Done> created = done.find("create_step",
                a -> searchName.equals(a.path("searchName").asText()) && label.equals(a.path("displayName").asText()));
        if (created.isEmpty()) {
            ObjectNode arguments = MAPPER.createObjectNode().put("searchName", searchName).put("displayName", label);
            arguments.set("parameters", MAPPER.valueToTree(choice.values()));
            return Optional.of(call(tools, "Creating the step " + quote(label) + ".", "create_step", arguments));
        }
        JsonNode step = created.get().result().path("step");
        if (step.isMissingNode()) {
            return Optional.of(new Answer("The site refused the step for " + quote(condition.text()) + ": "
                    + created.get().result().path("error").asText("no reason given") + "."));
        }
        stepIds.add(step.path("stepId").asText());
        labels.add(label);
        return Optional.empty();
    }

    /** Two conditions: one sub-agent each, their steps combined by the orchestrator; then validate, save, answer. */
    private static Move delegated(String request, List<MockConditions.Condition> conditions, MockTrail done,
                                  Set<String> tools, String mentionNote) {
        ObjectNode plan = MAPPER.createObjectNode().put("type", "combine").put("operator", conditions.get(1).operator());
        plan.putObject("left").put("type", "task").put("task",
                MockConditions.withOrganism(conditions.get(0).text(), request));
        plan.putObject("right").put("type", "task").put("task",
                MockConditions.withOrganism(conditions.get(1).text(), request));
        List<String> labels = List.of(MockConditions.label(conditions.get(0).text()),
                MockConditions.label(conditions.get(1).text()));
        return delegated(request, plan, "This takes two searches: I'll give each to a sub-agent and combine their steps"
                + " with " + conditions.get(1).operator() + ".", (result, validation) -> "Two sub-agents built one step"
                + " each. " + summary(conditions, labels, result.path("rootStepId").asText(), step(result), validation),
                done, tools, mentionNote);
    }

    /** Groups of conditions ("(A and B) or (C but not D)"): one sub-agent per condition, combined as grouped. */
    private static Move grouped(String request, MockGroupedPlan grouped, MockTrail done, Set<String> tools,
                                String mentionNote) {
        return delegated(request, grouped.plan(), "This takes " + grouped.tasks() + " searches: I'll give each to a"
                + " sub-agent, and combine their steps as you grouped them.", (result, validation) -> grouped.tasks()
                + " sub-agents built one step each, combined as " + grouped.shape() + " (" + result.path("rootStepId").asText()
                + ")." + counted(step(result)) + problems(validation), done, tools, mentionNote);
    }

    /** A delegation of {@code plan}, then validate, save when asked, and answer. */
    private static Move delegated(String request, ObjectNode plan, String announce,
                                  BiFunction<JsonNode, JsonNode, String> answer, MockTrail done, Set<String> tools,
                                  String mentionNote) {
        Optional<MockTrail.Done> delegation = done.find("delegate_strategy_subtasks", a -> true);
        if (delegation.isEmpty()) {
            ObjectNode arguments = MAPPER.createObjectNode().put("goal", request);
            arguments.set("plan", plan);
            return call(tools, announce, "delegate_strategy_subtasks", arguments);
        }
        JsonNode result = delegation.get().result();
        if (!result.has("rootStepId")) {
            return new Answer("The delegated build did not finish: " + result.path("error").asText() + ".");
        }
        return finish(request, done, tools, validation -> answer.apply(result, validation), mentionNote);
    }

    /** Validates the strategy, saves it when the request asks, then answers (given the validation's result). */
    private static Move finish(String request, MockTrail done, Set<String> tools, Function<JsonNode, String> answer,
                               String mentionNote) {
        Optional<MockTrail.Done> validated = done.find("validate_graph_structure", a -> true);
        if (validated.isEmpty() && tools.contains("validate_graph_structure")) {
            return call(tools, "Let me check the strategy is complete.", "validate_graph_structure",
                    MAPPER.createObjectNode());
        }
        Optional<MockTrail.Done> pushed = done.find("push_strategy", a -> true);
        if (pushed.isEmpty() && MockConditions.asksToSave(request) && tools.contains("push_strategy")) {
            return call(tools, "Saving it to your account on the site.", "push_strategy",
                    MAPPER.createObjectNode().put("isSaved", true));
        }
        return new Answer(answer.apply(validated.map(MockTrail.Done::result).orElse(null)) + pushedNote(pushed)
                + mentionNote);
    }

    private static ObjectNode step(JsonNode delegationResult) {
        ObjectNode root = MAPPER.createObjectNode();
        root.set("step", delegationResult.path("root"));
        return root;
    }

    /** What the user mentioned (the context blocks of the system message), acknowledged by name. */
    static String mentionNote(List<ChatMessage> messages) {
        List<String> names = new ArrayList<>();
        for (ChatMessage message : messages) {
            if (message instanceof SystemMessage system && system.text().contains(MENTIONED)) {
                String blocks = system.text().substring(system.text().indexOf(MENTIONED) + MENTIONED.length());
                for (String line : blocks.split("\n")) {
                    JsonNode block = MockTrail.parse(line.trim());
                    if (block.path("name").isTextual()) {
                        names.add(block.path("type").asText("item") + " " + quote(block.path("name").asText()));
                    }
                }
            }
        }
        return names.isEmpty() ? "" : " I kept your " + String.join(" and ", names) + " in mind.";
    }

    /** The root of the strategy the turn starts from, read from the system message, when it has exactly one. */
    static Optional<String> existingRoot(List<ChatMessage> messages) {
        for (ChatMessage message : messages) {
            if (message instanceof SystemMessage system && system.text().contains(STATE)) {
                String rest = system.text().substring(system.text().indexOf(STATE) + STATE.length());
                String line = rest.contains("\n") ? rest.substring(0, rest.indexOf('\n')) : rest;
                JsonNode roots = MockTrail.parse(line).path("graph").path("rootStepIds");
                return roots.size() == 1 ? Optional.of(roots.get(0).asText()) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** The steps of the strategy the turn starts from that have filters, read from the system message. */
    static List<String> filteredSteps(List<ChatMessage> messages) {
        List<String> filtered = new ArrayList<>();
        for (ChatMessage message : messages) {
            if (message instanceof SystemMessage system && system.text().contains(STATE)) {
                String rest = system.text().substring(system.text().indexOf(STATE) + STATE.length());
                String line = rest.contains("\n") ? rest.substring(0, rest.indexOf('\n')) : rest;
                MockTrail.parse(line).path("steps").forEach(step -> {
                    if (step.path("filters").size() > 0) {
                        filtered.add(step.path("stepId").asText());
                    }
                });
            }
        }
        return filtered;
    }

    private static String pushedNote(Optional<MockTrail.Done> pushed) {
        if (pushed.isEmpty()) {
            return "";
        }
        JsonNode link = pushed.get().result().path("link");
        return link.isMissingNode() ? " I could not save it on the site: " + pushed.get().result().path("error").asText() + "."
                : " It is saved on the site as strategy " + link.path("upstreamStrategyId").asText() + ": "
                + link.path("upstreamUrl").asText() + " .";
    }

    private static String summary(List<MockConditions.Condition> conditions, List<String> labels, String rootId,
                                  JsonNode root, JsonNode validation) {
        StringBuilder text = new StringBuilder();
        if (labels.size() == 1) {
            text.append("I built a one-step strategy: **").append(labels.get(0)).append("** (").append(rootId).append(").");
        } else if ("your strategy".equals(labels.get(0))) {
            text.append("I added **").append(labels.get(1)).append("** to your strategy with ")
                    .append(conditions.get(1).operator()).append(" (").append(rootId).append(").");
        } else {
            text.append("I built a strategy of two searches, **").append(labels.get(0)).append("** and **")
                    .append(labels.get(1)).append("**, combined with ").append(conditions.get(1).operator())
                    .append(" (").append(rootId).append(").");
        }
        return text.append(counted(root)).append(problems(validation)).toString();
    }

    /** " It returns N genes." and what the user can do next. */
    private static String counted(JsonNode root) {
        JsonNode count = root == null ? null : root.path("step").path("resultCount");
        String returns = count != null && count.canConvertToLong()
                ? " It returns " + count.asLong() + (count.asLong() == 1 ? " gene." : " genes.") : "";
        return returns + " You can refine a parameter, add a condition, or run it as an experiment against your"
                + " control genes.";
    }

    private static String problems(JsonNode validation) {
        return validation != null && !validation.path("valid").asBoolean(true)
                ? " The site still reports a problem: " + validation.path("problems") + "." : "";
    }

    /** A call of this tool, or an answer saying it is turned off. */
    static Move call(Set<String> tools, String text, String name, ObjectNode arguments) {
        if (!tools.contains(name)) {
            return new Answer("I would need the tool " + name + " for this, but it is turned off in this conversation.");
        }
        return new CallTool(text, name, arguments);
    }

    /** Text in curly quotes. */
    static String quote(String text) {
        return "\u201c" + text + "\u201d";
    }
}
