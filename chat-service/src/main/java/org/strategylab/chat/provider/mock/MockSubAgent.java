package org.strategylab.chat.provider.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The {@code mock} as a sub-agent: its one delegated task, one step, then a sentence naming the step. */
final class MockSubAgent {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private MockSubAgent() {
    }

    /** Whether the conversation is a sub-agent's: its system message says so. */
    static boolean isSubAgent(List<ChatMessage> messages) {
        return messages.stream().anyMatch(m -> m instanceof SystemMessage system
                && system.text().startsWith("You are a sub-agent"));
    }

    /** The next move of the sub-agent. */
    static MockPlanner.Move next(String request, MockTrail done, Set<String> tools) {
        String task = request.startsWith("Task: ") ? request.substring(6).split("\n", 2)[0] : request;
        List<MockTrail.Done> created = done.all().stream().filter(d -> d.name().equals("create_step")
                && d.result().path("step").has("stepId")).toList();
        if (!created.isEmpty()) {
            JsonNode step = created.get(created.size() - 1).result().path("step");
            return new MockPlanner.Answer("Built " + step.path("stepId").asText() + " for " + MockPlanner.quote(task)
                    + ": " + step.path("resultCount").asText("?") + " genes.");
        }
        String organismHint = MockConditions.organismHint(task);
        MockConditions.Condition condition = new MockConditions.Condition(task, null);
        String label = MockConditions.label(task);
        Optional<MockTrail.Done> found = done.find("search_for_searches", a -> label.equals(a.path("query").asText()));
        if (found.isEmpty()) {
            return MockPlanner.call(tools, "Looking for a search for " + MockPlanner.quote(label) + ".",
                    "search_for_searches", MAPPER.createObjectNode().put("query", label).put("limit", 25));
        }
        JsonNode searches = found.get().result().path("searches");
        if (searches.isEmpty()) {
            return new MockPlanner.Answer("No search on this site finds " + MockPlanner.quote(task) + ".");
        }
        String searchName = MockParameters.pickSearch(searches, MockConditions.keywords(condition.text())).path("name")
                .asText();
        Optional<MockTrail.Done> specs = done.find("get_search_parameters",
                a -> searchName.equals(a.path("searchName").asText()));
        if (specs.isEmpty()) {
            return MockPlanner.call(tools, "Reading the parameters of " + searchName + ".", "get_search_parameters",
                    MAPPER.createObjectNode().put("searchName", searchName));
        }
        MockParameters.ParameterChoice choice = MockParameters.fill(specs.get().result().path("parameters"), task,
                organismHint, searchName, done);
        if (choice.lookup() != null) {
            return MockPlanner.call(tools, "Looking up a value.", "get_dependent_vocab", choice.lookup());
        }
        Optional<MockTrail.Done> refused = done.find("create_step", a -> true);
        if (refused.isPresent()) {
            return new MockPlanner.Answer("The site refused the step: " + refused.get().result().path("error").asText() + ".");
        }
        ObjectNode arguments = MAPPER.createObjectNode().put("searchName", searchName).put("displayName", label);
        arguments.set("parameters", MAPPER.valueToTree(choice.values()));
        return MockPlanner.call(tools, "Creating the step.", "create_step", arguments);
    }
}
