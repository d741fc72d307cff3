package org.strategylab.chat.provider.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * This turn's tool calls and their results, oldest first, read from the conversation as a model
 * reads them: every part of the {@code mock} planner decides its next move from them.
 */
final class MockTrail {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** One tool call of this turn and its result. */
    record Done(String name, JsonNode arguments, JsonNode result) {
    }

    private final List<Done> done;

    private MockTrail(List<Done> done) {
        this.done = done;
    }

    /** The tool calls after the user's message at {@code start}. */
    static MockTrail after(List<ChatMessage> messages, int start) {
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
        return new MockTrail(done);
    }

    /** The index of the last user message, or -1. */
    static int lastUserMessage(List<ChatMessage> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i) instanceof UserMessage) {
                return i;
            }
        }
        return -1;
    }

    /** The latest call of this tool whose arguments match. */
    Optional<Done> find(String name, Predicate<JsonNode> arguments) {
        return done.stream().filter(d -> d.name().equals(name) && arguments.test(d.arguments())).reduce((a, b) -> b);
    }

    /** The result of the latest call of this tool, if it was called. */
    Optional<JsonNode> resultOf(String name) {
        return find(name, a -> true).map(Done::result);
    }

    /** Every call, oldest first. */
    List<Done> all() {
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

    /** JSON, or an object whose {@code error} is the text that was not JSON. */
    static JsonNode parse(String json) {
        try {
            return json == null ? MAPPER.createObjectNode() : MAPPER.readTree(json);
        } catch (IOException e) {
            return MAPPER.createObjectNode().put("error", json);
        }
    }
}
