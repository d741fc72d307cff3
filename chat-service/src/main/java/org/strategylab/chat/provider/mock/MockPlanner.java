package org.strategylab.chat.provider.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The {@code mock} provider's mind: a deterministic, keyword-driven planner that reads the user's
 * message and the tool results of the turn so far, and decides the next move with the real tools —
 * find a search per condition, read its parameters, look up vocabulary values, create the step,
 * combine two conditions, validate, and answer with what was built. Stateless: the same
 * conversation always gives the same moves, so the offline product and the tests are repeatable.
 *
 * <p>On a strategy already built, {@link MockFollowUps} tests it against controls, tunes a parameter and
 * saves its genes. "Save" (or "push") in the request puts the finished strategy on the site. Conditions: "A and B" → INTERSECT, "A or B" → UNION, "A but not B" / "A excluding B" / "A
 * without B" → MINUS. Words such as "falciparum" or "gondii" pick the organism.
 */
public final class MockPlanner {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Set<String> STOP_WORDS = Set.of("a", "an", "the", "find", "show", "me", "all", "give", "list",
            "genes", "gene", "that", "which", "are", "is", "with", "in", "of", "for", "from", "to", "please", "build",
            "strategy", "search", "i", "want", "need", "those", "these", "have", "has", "their", "encoding", "encode",
            "encodes", "coding", "code", "codes", "whose", "products", "product", "annotated", "as", "by", "on",
            "can", "you", "could", "would", "like", "some", "any", "plasmodium", "toxoplasma", "p", "t", "species",
            "protein", "proteins");
    private static final Pattern CONNECTOR_MINUS = Pattern.compile("\\s+(?:but not|excluding|except|without|minus)\\s+",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern CONNECTOR_OR = Pattern.compile("\\s+or\\s+", Pattern.CASE_INSENSITIVE);
    /** A request to keep the strategy on the site. */
    private static final Pattern SAVE = Pattern.compile("\\b(save|push|upload|put it on)\\b", Pattern.CASE_INSENSITIVE);
    /** The save request at the end of a message, left out of its conditions ("…, and save it on the site"). */
    private static final Pattern SAVE_CLAUSE = Pattern.compile(
            "(?:[,;.]?\\s*(?:and|then)?\\s*)(?:please\\s+)?\\b(?:save|push|upload|put it on)\\b.*$",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern CONNECTOR_AND = Pattern.compile("\\s+and\\s+(?:also\\s+)?", Pattern.CASE_INSENSITIVE);

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

    /** One tool call of this turn and its result. */
    private record Done(String name, JsonNode arguments, JsonNode result) {
    }

    /** A condition of the request, with the operator that joins it to the one before. */
    record Condition(String text, String operator) {
    }

    /** Decides the next move from the conversation so far (only this turn's tool calls count). */
    public Move next(List<ChatMessage> messages, Set<String> tools) {
        int start = lastUserMessage(messages);
        if (start < 0) {
            return new Answer("Tell me which genes you are looking for, and I will build a search strategy for them.");
        }
        String request = ((UserMessage) messages.get(start)).singleText();
        List<Done> done = trail(messages, start);
        String asked = SAVE_CLAUSE.matcher(request).replaceFirst("");
        boolean subAgent = isSubAgent(messages);
        if (subAgent) {
            return subAgentMove(request, done, tools);
        }
        if (isWorkbench(messages)) {
            return workbenchMove(request, done, tools, messages);
        }
        Optional<Move> research = MockResearch.next(request, tools, name -> find(done, name, a -> true).map(Done::result));
        if (research.isPresent()) {
            return research.get();
        }
        Optional<String> existingRoot = existingRoot(messages);
        if (existingRoot.isPresent()) {
            Optional<Move> followUp = MockFollowUps.next(request, existingRoot.get(), tools,
                    name -> find(done, name, a -> true).map(Done::result));
            if (followUp.isPresent()) {
                return followUp.get();
            }
        }
        Optional<Condition> refinement = existingRoot.flatMap(root -> refinement(asked));
        List<Condition> conditions = refinement.map(List::of).orElseGet(() -> conditions(asked));
        String organismHint = organismHint(request);
        Optional<MockGroupedPlan> groups = refinement.isEmpty() ? MockGroupedPlan.of(asked, request) : Optional.empty();
        if (groups.isPresent() && tools.contains("delegate_strategy_subtasks")) {
            return grouped(request, groups.get(), done, tools, mentionNote(messages));
        }
        if (refinement.isEmpty() && conditions.size() == 2 && tools.contains("delegate_strategy_subtasks")) {
            return delegated(request, conditions, done, tools, mentionNote(messages));
        }
        List<String> stepIds = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (Condition condition : conditions) {
            String label = label(condition.text());
            String query = label;
            Optional<Done> found = find(done, "search_for_searches", a -> query.equals(a.path("query").asText()));
            if (found.isEmpty()) {
                return call(tools, "I'll look for searches that match " + quote(query) + ".",
                        "search_for_searches", MAPPER.createObjectNode().put("query", query).put("limit", 25));
            }
            JsonNode searches = found.get().result().path("searches");
            if (searches.isEmpty()) {
                return new Answer("I could not find a search on this site for " + quote(condition.text())
                        + ". Could you describe it differently (for example by function, GO term or product name)?");
            }
            JsonNode search = pickSearch(searches, keywords(condition.text()));
            String searchName = search.path("name").asText();
            Optional<Done> specs = find(done, "get_search_parameters", a -> searchName.equals(a.path("searchName").asText()));
            if (specs.isEmpty()) {
                return call(tools, "The best match is " + quote(search.path("displayName").asText(searchName))
                        + "; let me read its parameters.", "get_search_parameters",
                        MAPPER.createObjectNode().put("searchName", searchName));
            }
            ParameterChoice choice = fill(specs.get().result().path("parameters"), condition.text(), organismHint,
                    searchName, done);
            if (choice.lookup() != null) {
                return call(tools, "I'll look up the value of " + quote(choice.lookup().path("paramName").asText())
                        + " that matches.", "get_dependent_vocab", choice.lookup());
            }
            Optional<Done> created = find(done, "create_step", a -> searchName.equals(a.path("searchName").asText())
                    && label.equals(a.path("displayName").asText()));
            if (created.isEmpty()) {
                ObjectNode arguments = MAPPER.createObjectNode().put("searchName", searchName).put("displayName", label);
                arguments.set("parameters", MAPPER.valueToTree(choice.values()));
                return call(tools, "Creating the step " + quote(label) + ".", "create_step", arguments);
            }
            JsonNode step = created.get().result().path("step");
            if (step.isMissingNode()) {
                return new Answer("The site refused the step for " + quote(condition.text()) + ": "
                        + created.get().result().path("error").asText("no reason given") + ".");
            }
            stepIds.add(step.path("stepId").asText());
            labels.add(label);
        }
        if (refinement.isPresent()) {
            // a change to the strategy there is: the new step joins its root
            stepIds.add(0, existingRoot.get());
            labels.add(0, "your strategy");
            conditions = List.of(new Condition("your strategy", null), new Condition(refinement.get().text(),
                    refinement.get().operator()));
        }
        String rootId = stepIds.get(0);
        JsonNode rootResult = find(done, "create_step", a -> true).map(Done::result).orElse(null);
        if (stepIds.size() == 2) {
            String operator = conditions.get(1).operator();
            Optional<Done> combined = find(done, "combine_steps", a -> stepIds.get(0).equals(a.path("leftStepId").asText())
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
            rootResult = find(done, "create_step", a -> labels.get(0).equals(a.path("displayName").asText()))
                    .map(Done::result).orElse(rootResult);
        }
        Optional<Done> validated = find(done, "validate_graph_structure", a -> true);
        if (validated.isEmpty() && tools.contains("validate_graph_structure")) {
            return call(tools, "Let me check the strategy is complete.", "validate_graph_structure",
                    MAPPER.createObjectNode());
        }
        Optional<Done> pushed = find(done, "push_strategy", a -> true);
        if (pushed.isEmpty() && SAVE.matcher(request).find() && tools.contains("push_strategy")) {
            return call(tools, "Saving it to your account on the site.", "push_strategy",
                    MAPPER.createObjectNode().put("isSaved", true));
        }
        return new Answer(summary(conditions, labels, rootId, rootResult, validated.map(Done::result).orElse(null))
                + pushedNote(pushed) + mentionNote(messages));
    }

    /** Two conditions: one sub-agent each, their steps combined by the orchestrator; then validate, save, answer. */
    private Move delegated(String request, List<Condition> conditions, List<Done> done, Set<String> tools,
                           String mentionNote) {
        ObjectNode plan = MAPPER.createObjectNode().put("type", "combine").put("operator", conditions.get(1).operator());
        plan.putObject("left").put("type", "task").put("task", withOrganism(conditions.get(0).text(), request));
        plan.putObject("right").put("type", "task").put("task", withOrganism(conditions.get(1).text(), request));
        List<String> labels = List.of(label(conditions.get(0).text()), label(conditions.get(1).text()));
        return delegated(request, plan, "This takes two searches: I'll give each to a sub-agent and combine their steps"
                + " with " + conditions.get(1).operator() + ".", (result, validation) -> "Two sub-agents built one step"
                + " each. " + summary(conditions, labels, result.path("rootStepId").asText(), step(result), validation),
                done, tools, mentionNote);
    }

    /** Groups of conditions ("(A and B) or (C but not D)"): one sub-agent per condition, combined as grouped. */
    private Move grouped(String request, MockGroupedPlan grouped, List<Done> done, Set<String> tools, String mentionNote) {
        return delegated(request, grouped.plan(), "This takes " + grouped.tasks() + " searches: I'll give each to a"
                + " sub-agent, and combine their steps as you grouped them.", (result, validation) -> grouped.tasks()
                + " sub-agents built one step each, combined as " + grouped.shape() + " (" + result.path("rootStepId").asText()
                + ")." + counted(step(result)) + problems(validation), done, tools, mentionNote);
    }

    /** A delegation of {@code plan}, then validate, save when asked, and answer. */
    private Move delegated(String request, ObjectNode plan, String announce,
                           java.util.function.BiFunction<JsonNode, JsonNode, String> answer, List<Done> done,
                           Set<String> tools, String mentionNote) {
        Optional<Done> delegation = find(done, "delegate_strategy_subtasks", a -> true);
        if (delegation.isEmpty()) {
            ObjectNode arguments = MAPPER.createObjectNode().put("goal", request);
            arguments.set("plan", plan);
            return call(tools, announce, "delegate_strategy_subtasks", arguments);
        }
        JsonNode result = delegation.get().result();
        if (!result.has("rootStepId")) {
            return new Answer("The delegated build did not finish: " + result.path("error").asText() + ".");
        }
        Optional<Done> validated = find(done, "validate_graph_structure", a -> true);
        if (validated.isEmpty() && tools.contains("validate_graph_structure")) {
            return call(tools, "Let me check the strategy is complete.", "validate_graph_structure",
                    MAPPER.createObjectNode());
        }
        Optional<Done> pushed = find(done, "push_strategy", a -> true);
        if (pushed.isEmpty() && SAVE.matcher(request).find() && tools.contains("push_strategy")) {
            return call(tools, "Saving it to your account on the site.", "push_strategy",
                    MAPPER.createObjectNode().put("isSaved", true));
        }
        return new Answer(answer.apply(result, validated.map(Done::result).orElse(null)) + pushedNote(pushed)
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
            if (message instanceof dev.langchain4j.data.message.SystemMessage system && system.text().contains(MENTIONED)) {
                String blocks = system.text().substring(system.text().indexOf(MENTIONED) + MENTIONED.length());
                for (String line : blocks.split("\n")) {
                    JsonNode block = parse(line.trim());
                    if (block.path("name").isTextual()) {
                        names.add(block.path("type").asText("item") + " " + quote(block.path("name").asText()));
                    }
                }
            }
        }
        return names.isEmpty() ? "" : " I kept your " + String.join(" and ", names) + " in mind.";
    }

    private static final String MENTIONED = "The user mentioned these; use them as context:";

    /** A sub-agent's moves: its one task, one step, then a sentence naming the step. */
    private Move subAgentMove(String request, List<Done> done, Set<String> tools) {
        String task = request.startsWith("Task: ") ? request.substring(6).split("\n", 2)[0] : request;
        List<Done> created = done.stream().filter(d -> d.name().equals("create_step")
                && d.result().path("step").has("stepId")).toList();
        if (!created.isEmpty()) {
            JsonNode step = created.get(created.size() - 1).result().path("step");
            return new Answer("Built " + step.path("stepId").asText() + " for " + quote(task) + ": "
                    + step.path("resultCount").asText("?") + " genes.");
        }
        String organismHint = organismHint(task);
        Condition condition = new Condition(task, null);
        String label = label(task);
        Optional<Done> found = find(done, "search_for_searches", a -> label.equals(a.path("query").asText()));
        if (found.isEmpty()) {
            return call(tools, "Looking for a search for " + quote(label) + ".", "search_for_searches",
                    MAPPER.createObjectNode().put("query", label).put("limit", 25));
        }
        JsonNode searches = found.get().result().path("searches");
        if (searches.isEmpty()) {
            return new Answer("No search on this site finds " + quote(task) + ".");
        }
        String searchName = pickSearch(searches, keywords(condition.text())).path("name").asText();
        Optional<Done> specs = find(done, "get_search_parameters", a -> searchName.equals(a.path("searchName").asText()));
        if (specs.isEmpty()) {
            return call(tools, "Reading the parameters of " + searchName + ".", "get_search_parameters",
                    MAPPER.createObjectNode().put("searchName", searchName));
        }
        ParameterChoice choice = fill(specs.get().result().path("parameters"), task, organismHint, searchName, done);
        if (choice.lookup() != null) {
            return call(tools, "Looking up a value.", "get_dependent_vocab", choice.lookup());
        }
        Optional<Done> refused = find(done, "create_step", a -> true);
        if (refused.isPresent()) {
            return new Answer("The site refused the step: " + refused.get().result().path("error").asText() + ".");
        }
        ObjectNode arguments = MAPPER.createObjectNode().put("searchName", searchName).put("displayName", label);
        arguments.set("parameters", MAPPER.valueToTree(choice.values()));
        return call(tools, "Creating the step.", "create_step", arguments);
    }

    private static final Pattern GENE_ID = Pattern.compile("\\b[A-Z][A-Za-z0-9]*_[0-9]{4,}\\b");
    private static final Pattern UNDO = Pattern.compile("\\b(undo|revert|go back)\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern REEVALUATE = Pattern.compile("re-?evaluat|recompute|rescore", Pattern.CASE_INSENSITIVE);

    /**
     * A workbench turn about one experiment: gene IDs in the message refine its result with them
     * ("remove"/"exclude" → MINUS, "add"/"include" → UNION, else INTERSECT) and re-evaluate it;
     * "re-evaluate" recomputes its metrics; "undo" (or "revert", "go back") undoes the latest refinement;
     * anything else is answered from its metrics.
     */
    private Move workbenchMove(String request, List<Done> done, Set<String> tools, List<ChatMessage> messages) {
        if (UNDO.matcher(request).find()) {
            Optional<Done> undone = find(done, "undo_refinement", a -> true);
            if (undone.isEmpty()) {
                return call(tools, "Undoing the latest refinement.", "undo_refinement", MAPPER.createObjectNode());
            }
            JsonNode result = undone.get().result();
            if (!result.path("undone").asBoolean(false)) {
                return new Answer("The refinement cannot be undone: " + result.path("error").asText() + ".");
            }
            return new Answer("I undid the latest refinement: the experiment is back at version "
                    + result.path("version").asInt() + ", " + metricsText(result.path("metrics")) + ".");
        }
        List<String> ids = new ArrayList<>();
        java.util.regex.Matcher matcher = GENE_ID.matcher(request);
        while (matcher.find()) {
            ids.add(matcher.group());
        }
        Optional<Done> refined = find(done, "refine_with_gene_ids", a -> true);
        if (!ids.isEmpty() && refined.isEmpty()) {
            String lower = request.toLowerCase(Locale.ROOT);
            String operator = lower.matches("(?s).*\\b(remove|exclude|drop|without)\\b.*") ? "MINUS"
                    : lower.matches("(?s).*\\b(add|include|plus)\\b.*") ? "UNION" : "INTERSECT";
            ObjectNode arguments = MAPPER.createObjectNode().put("operator", operator);
            arguments.set("geneIds", MAPPER.valueToTree(ids));
            return call(tools, "Refining the experiment with " + ids.size() + " gene" + (ids.size() == 1 ? "" : "s")
                    + " (" + operator + ").", "refine_with_gene_ids", arguments);
        }
        if (refined.isPresent() && !refined.get().result().path("refined").asBoolean(false)) {
            return new Answer("The refinement was refused: " + refined.get().result().path("error").asText() + ".");
        }
        Optional<Done> evaluated = find(done, "re_evaluate_controls", a -> true);
        if (evaluated.isEmpty() && (refined.isPresent() || REEVALUATE.matcher(request).find())) {
            return call(tools, "Re-evaluating it against its controls.", "re_evaluate_controls", MAPPER.createObjectNode());
        }
        if (evaluated.isPresent()) {
            JsonNode result = evaluated.get().result();
            if (!result.has("metrics")) {
                return new Answer("The re-evaluation failed: " + result.path("error").asText() + ".");
            }
            String done_ = refined.isPresent() ? "I refined the experiment with " + ids.size() + " gene"
                    + (ids.size() == 1 ? "" : "s") + " and re-evaluated it: " : "I re-evaluated the experiment: ";
            return new Answer(done_ + metricsText(result.path("metrics")) + ".");
        }
        JsonNode experiment = mentioned(messages, "experiment");
        return new Answer("Your experiment \u201c" + experiment.path("name").asText("this experiment") + "\u201d: "
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
            if (message instanceof dev.langchain4j.data.message.SystemMessage system && system.text().contains(MENTIONED)) {
                for (String line : system.text().substring(system.text().indexOf(MENTIONED)).split("\n")) {
                    JsonNode block = parse(line.trim());
                    if (type.equals(block.path("type").asText())) {
                        return block;
                    }
                }
            }
        }
        return MAPPER.createObjectNode();
    }

    private static boolean isWorkbench(List<ChatMessage> messages) {
        return messages.stream().anyMatch(m -> m instanceof dev.langchain4j.data.message.SystemMessage system
                && system.text().startsWith("You are the workbench assistant"));
    }

    private static boolean isSubAgent(List<ChatMessage> messages) {
        return messages.stream().anyMatch(m -> m instanceof dev.langchain4j.data.message.SystemMessage system
                && system.text().startsWith("You are a sub-agent"));
    }

    /** A task with the request's organism said in it (a sub-agent sees only its task). */
    static String withOrganism(String task, String request) {
        String hint = organismHint(request);
        return hint == null || organismHint(task) != null ? task : task + " in " + hint;
    }

    private static String pushedNote(Optional<Done> pushed) {
        if (pushed.isEmpty()) {
            return "";
        }
        JsonNode link = pushed.get().result().path("link");
        return link.isMissingNode() ? " I could not save it on the site: " + pushed.get().result().path("error").asText() + "."
                : " It is saved on the site as strategy " + link.path("upstreamStrategyId").asText() + ": "
                + link.path("upstreamUrl").asText() + " .";
    }

    private static String summary(List<Condition> conditions, List<String> labels, String rootId, JsonNode root,
                                  JsonNode validation) {
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

    private static Move call(Set<String> tools, String text, String name, ObjectNode arguments) {
        if (!tools.contains(name)) {
            return new Answer("I would need the tool " + name + " for this, but it is turned off in this conversation.");
        }
        return new CallTool(text, name, arguments);
    }

    /**
     * The search to use, among plain searches (a transform needs an input this plan does not have):
     * the best-ranked one whose name or description holds a word of the condition; else a text
     * search, which finds any words in product names and annotations; else the best-ranked one.
     */
    private static JsonNode pickSearch(JsonNode searches, List<String> keywords) {
        List<JsonNode> plain = new ArrayList<>();
        searches.forEach(search -> {
            String kind = search.path("kind").asText("search");
            if (!"transform".equals(kind) && !"combine".equals(kind)) {
                plain.add(search);
            }
        });
        if (plain.isEmpty()) {
            return searches.get(0);
        }
        for (JsonNode search : plain) {
            String text = (search.path("name").asText() + " " + search.path("displayName").asText() + " "
                    + search.path("description").asText()).toLowerCase(Locale.ROOT);
            if (keywords.stream().anyMatch(word -> text.contains(stem(word)))) {
                return search;
            }
        }
        return plain.stream().filter(s -> s.path("name").asText().contains("Text")).findFirst().orElse(plain.get(0));
    }

    /** A word without its last letters, so that "expressed" meets "expression" and "domains" meets "domain". */
    static String stem(String word) {
        return word.length() > 5 ? word.substring(0, word.length() - 2) : word;
    }

    /** Values for a search's parameters, or the vocabulary look-up needed first. */
    record ParameterChoice(Map<String, Object> values, ObjectNode lookup) {
    }

    private static ParameterChoice fill(JsonNode parameters, String condition, String organismHint, String searchName,
                                        List<Done> done) {
        Map<String, Object> values = new LinkedHashMap<>();
        List<String> keywords = keywords(condition);
        for (JsonNode parameter : parameters) {
            String name = parameter.path("name").asText();
            String type = parameter.path("type").asText();
            boolean optional = parameter.path("optional").asBoolean(false);
            boolean multi = parameter.path("multiPick").asBoolean(false);
            JsonNode vocabulary = parameter.path("vocabulary");
            String fallback = parameter.path("initialDisplayValue").asText(null);
            if (vocabulary.isArray()) {
                boolean organism = name.toLowerCase(Locale.ROOT).contains("organism");
                List<String> words = organism ? (organismHint == null ? List.of() : List.of(organismHint)) : keywords;
                Optional<String> match = bestTerm(vocabulary, words);
                if (match.isEmpty() && !organism && parameter.has("vocabularyNote") && !keywords.isEmpty()) {
                    String query = String.join(" ", keywords);
                    Optional<Done> looked = find(done, "get_dependent_vocab", a -> name.equals(a.path("paramName").asText())
                            && searchName.equals(a.path("searchName").asText()));
                    if (looked.isEmpty()) {
                        ObjectNode lookup = MAPPER.createObjectNode().put("searchName", searchName).put("paramName", name)
                                .put("query", query);
                        return new ParameterChoice(values, lookup);
                    }
                    JsonNode hits = looked.get().result().path("values");
                    if (!hits.isEmpty()) {
                        match = Optional.of(hits.get(0).path("value").asText());
                    }
                }
                if (match.isPresent()) {
                    values.put(name, multi ? List.of(match.get()) : match.get());
                } else if (!optional && fallback != null && !fallback.isBlank()) {
                    values.put(name, multi ? splitDefault(fallback) : fallback);
                } else if (!optional && !vocabulary.isEmpty()) {
                    String first = vocabulary.get(0).path("value").asText();
                    values.put(name, multi ? List.of(first) : first);
                }
            } else if ("string".equals(type) && name.toLowerCase(Locale.ROOT).contains("text") && !keywords.isEmpty()) {
                values.put(name, String.join(" ", keywords.stream().map(w -> w + "*").toList()));
            } else if (!optional && fallback != null && !fallback.isBlank()) {
                values.put(name, fallback);
            } else if (!optional && parameter.path("min").isNumber()) {
                values.put(name, parameter.path("min").numberValue());
            }
        }
        return new ParameterChoice(values, null);
    }

    /** A vocabulary value whose label holds the most of the words (at least one), if any. */
    private static Optional<String> bestTerm(JsonNode vocabulary, List<String> words) {
        String best = null;
        int bestHits = 0;
        for (JsonNode term : vocabulary) {
            String display = (term.path("display").asText() + " " + term.path("value").asText()).toLowerCase(Locale.ROOT);
            int hits = 0;
            for (String word : words) {
                if (Pattern.compile("\\b" + Pattern.quote(word)).matcher(display).find()) {
                    hits++;
                }
            }
            if (hits > bestHits) {
                bestHits = hits;
                best = term.path("value").asText();
            }
        }
        return Optional.ofNullable(best);
    }

    private static List<String> splitDefault(String value) {
        String trimmed = value.trim();
        if (trimmed.startsWith("[")) {
            try {
                List<String> list = new ArrayList<>();
                MAPPER.readTree(trimmed).forEach(v -> list.add(v.asText()));
                return list;
            } catch (IOException e) {
                return List.of(trimmed);
            }
        }
        return List.of(trimmed.split("\\s*,\\s*"));
    }

    private static final Pattern ADD = Pattern.compile("^(?:now\\s+|then\\s+)?(?:please\\s+)?(?:add|also(?:\\s+find)?|"
            + "keep only|only keep|narrow(?:\\s+it)?\\s+to|restrict(?:\\s+it)?\\s+to|limit(?:\\s+it)?\\s+to)\\s+",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern REMOVE = Pattern.compile("^(?:now\\s+|then\\s+)?(?:please\\s+)?(?:remove|exclude|drop|"
            + "take out|subtract)\\s+", Pattern.CASE_INSENSITIVE);
    private static final Pattern INCLUDE = Pattern.compile("^(?:now\\s+|then\\s+)?(?:please\\s+)?(?:include|plus|"
            + "or also|union with)\\s+", Pattern.CASE_INSENSITIVE);
    private static final String STATE = "The strategy as it stands: ";

    /**
     * A message that changes the strategy there is ("add …", "remove …", "include …"): the
     * condition, with the operator that joins it to the strategy's root.
     */
    static Optional<Condition> refinement(String request) {
        String text = request.trim().replaceAll("[.?!]+$", "");
        for (Map.Entry<Pattern, String> verb : List.of(Map.entry(REMOVE, "MINUS"), Map.entry(INCLUDE, "UNION"),
                Map.entry(ADD, "INTERSECT"))) {
            java.util.regex.Matcher matcher = verb.getKey().matcher(text);
            if (matcher.find() && !keywords(text.substring(matcher.end())).isEmpty()) {
                return Optional.of(new Condition(text.substring(matcher.end()).trim(), verb.getValue()));
            }
        }
        return Optional.empty();
    }

    /** The root of the strategy the turn starts from, read from the system message, when it has exactly one. */
    static Optional<String> existingRoot(List<ChatMessage> messages) {
        for (ChatMessage message : messages) {
            if (message instanceof dev.langchain4j.data.message.SystemMessage system && system.text().contains(STATE)) {
                String rest = system.text().substring(system.text().indexOf(STATE) + STATE.length());
                String line = rest.contains("\n") ? rest.substring(0, rest.indexOf('\n')) : rest;
                JsonNode roots = parse(line).path("graph").path("rootStepIds");
                return roots.size() == 1 ? Optional.of(roots.get(0).asText()) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** The conditions of a request: one, or two joined by an operator. */
    static List<Condition> conditions(String request) {
        String text = request.trim().replaceAll("[.?!]+$", "");
        for (Map.Entry<Pattern, String> connector : List.of(Map.entry(CONNECTOR_MINUS, "MINUS"),
                Map.entry(CONNECTOR_OR, "UNION"), Map.entry(CONNECTOR_AND, "INTERSECT"))) {
            String[] parts = connector.getKey().split(text, 2);
            if (parts.length == 2 && !keywords(parts[0]).isEmpty() && !keywords(parts[1]).isEmpty()) {
                return List.of(new Condition(parts[0].trim(), null), new Condition(parts[1].trim(), connector.getValue()));
            }
        }
        return List.of(new Condition(text, null));
    }

    /** The words that carry meaning, singular. */
    static List<String> keywords(String text) {
        List<String> words = new ArrayList<>();
        for (String raw : text.toLowerCase(Locale.ROOT).split("[^a-z0-9-]+")) {
            if (raw.length() < 2 || STOP_WORDS.contains(raw) || ORGANISM_WORDS.contains(raw)) {
                continue;
            }
            String word = singular(raw);
            if (!words.contains(word)) {
                words.add(word);
            }
        }
        return words;
    }

    /** Plurals as annotations write the singular: kinases, processes, pathways, families. */
    static String singular(String word) {
        if (word.endsWith("sses") || word.endsWith("xes")) {
            return word.substring(0, word.length() - 2);
        }
        if (word.endsWith("ies") && word.length() > 4) {
            return word.substring(0, word.length() - 3) + "y";
        }
        if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !word.endsWith("is") && word.length() > 3) {
            return word.substring(0, word.length() - 1);
        }
        return word;
    }

    private static final Set<String> ORGANISM_WORDS = Set.of("falciparum", "vivax", "berghei", "yoelii", "chabaudi",
            "knowlesi", "gondii", "hammondi", "caninum", "3d7", "me49", "gt1", "organism", "organisms");

    /** The organism word of a request ("falciparum", "gondii", …), if it has one. */
    static String organismHint(String request) {
        for (String word : request.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
            if (ORGANISM_WORDS.contains(word) && !word.startsWith("organism")) {
                return word;
            }
        }
        return null;
    }

    private static String label(String condition) {
        List<String> words = keywords(condition);
        String label = words.isEmpty() ? condition : String.join(" ", words);
        return label.length() > 60 ? label.substring(0, 60) : label;
    }

    private static String quote(String text) {
        return "\u201c" + text + "\u201d";
    }

    private static int lastUserMessage(List<ChatMessage> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i) instanceof UserMessage) {
                return i;
            }
        }
        return -1;
    }

    /** This turn's tool calls with their results, oldest first. */
    private static List<Done> trail(List<ChatMessage> messages, int start) {
        Map<String, ToolExecutionRequest> requests = new HashMap<>();
        List<Done> done = new ArrayList<>();
        for (ChatMessage message : messages.subList(start + 1, messages.size())) {
            if (message instanceof AiMessage ai && ai.hasToolExecutionRequests()) {
                ai.toolExecutionRequests().forEach(r -> requests.put(r.id(), r));
            } else if (message instanceof ToolExecutionResultMessage result) {
                ToolExecutionRequest request = requests.get(result.id());
                if (request != null) {
                    done.add(new Done(request.name(), parse(request.arguments()), parse(unquoted(result.text()))));
                }
            }
        }
        return done;
    }

    /**
     * A tool result as its tool answered it: the loop hands text from outside StrategyLab to the model
     * inside a quoted-data envelope (a first and a last line of markers), which a model reads through.
     */
    static String unquoted(String text) {
        if (text == null || !text.startsWith("<<quoted data")) {
            return text;
        }
        int start = text.indexOf('\n');
        int end = text.lastIndexOf('\n');
        return start < 0 || end <= start ? text : text.substring(start + 1, end).replace("< <", "<<");
    }

    private static Optional<Done> find(List<Done> done, String name, Predicate<JsonNode> arguments) {
        return done.stream().filter(d -> d.name().equals(name) && arguments.test(d.arguments())).reduce((a, b) -> b);
    }

    private static JsonNode parse(String json) {
        try {
            return json == null ? MAPPER.createObjectNode() : MAPPER.readTree(json);
        } catch (IOException e) {
            return MAPPER.createObjectNode().put("error", json);
        }
    }
}
