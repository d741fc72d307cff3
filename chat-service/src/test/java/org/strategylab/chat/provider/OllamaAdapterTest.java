package org.strategylab.chat.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@link OllamaAdapter} against Ollama's {@code POST /api/chat} stream: newline-delimited JSON
 * objects with {@code message.content}, {@code message.thinking} and whole
 * {@code message.tool_calls} (arguments as an object; {@code id}, and {@code function.index} after
 * the first), ending with {@code done: true},
 * {@code done_reason}, {@code prompt_eval_count} and {@code eval_count}.
 */
class OllamaAdapterTest extends VendorWireFormatTest {

    @Override
    ProviderAdapter adapter(VendorEndpoint endpoint) {
        return new OllamaAdapter(endpoint);
    }

    @Override
    String baseUrl(String serverUrl) {
        return serverUrl;
    }

    @Override
    ModelEntry entry() {
        return new ModelEntry("ollama/qwen3:8b", "Qwen3 8B", "ollama", "qwen3:8b", null, true, true, null, 40_960,
                8192, 0, 0, 0);
    }

    @Override
    String streamContentType() {
        return "application/x-ndjson";
    }

    static String line(Map<String, Object> message) {
        return json(map("model", "qwen3:8b", "created_at", "2025-11-24T06:00:00.123456Z", "message", message,
                "done", false)) + "\n";
    }

    static String done(int prompt, int eval) {
        return json(map("model", "qwen3:8b", "created_at", "2025-11-24T06:00:01.654321Z",
                "message", map("role", "assistant", "content", ""), "done", true, "done_reason", "stop",
                "total_duration", 1_530_000_000L, "load_duration", 21_000_000, "prompt_eval_count", prompt,
                "prompt_eval_duration", 310_000_000, "eval_count", eval, "eval_duration", 1_190_000_000)) + "\n";
    }

    @Override
    String textFrame(String text) {
        return line(map("role", "assistant", "content", text));
    }

    @Override
    List<String> round1Frames() {
        List<String> frames = new ArrayList<>();
        ROUND_1_TEXT.forEach(piece -> frames.add(textFrame(piece)));
        frames.add(line(map("role", "assistant", "content", "", "tool_calls", List.of(
                // Ollama omits a zero index (omitempty) and numbers the calls after the first
                map("id", "call_k1", "function", map("name", TOOL_1,
                        "arguments", map("query", "kinase", "siteId", "plasmodb"))),
                map("id", "call_k2", "function", map("index", 1, "name", TOOL_2,
                        "arguments", map("searchName", "GenesByTextSearch", "siteId", "plasmodb")))))));
        frames.add(done(ROUND_1_INPUT, ROUND_1_OUTPUT));
        return frames;
    }

    @Override
    List<String> round2Frames() {
        List<String> frames = new ArrayList<>();
        ROUND_2_TEXT.forEach(piece -> frames.add(textFrame(piece)));
        frames.add(done(ROUND_2_INPUT, ROUND_2_OUTPUT));
        return frames;
    }

    @Override
    List<String> thinkingFrames() {
        List<String> frames = new ArrayList<>();
        THINKING.forEach(piece -> frames.add(line(map("role", "assistant", "content", "", "thinking", piece))));
        ROUND_2_TEXT.forEach(piece -> frames.add(textFrame(piece)));
        frames.add(done(ROUND_1_INPUT, ROUND_2_OUTPUT));
        return frames;
    }

    @Override
    String rateLimitBody() {
        return json(map("error", "server busy, please try again.  maximum pending requests exceeded"));
    }

    @Override
    void assertFirstRequest(FakeVendorServer.Received request) {
        assertEquals("POST", request.method());
        assertEquals("/api/chat", request.path());
        JsonNode body = request.body();
        assertEquals("qwen3:8b", body.path("model").asText());
        assertTrue(body.path("stream").asBoolean(), "stream: true");
        assertEquals(List.of(TOOL_1, TOOL_2), texts(body.path("tools"), "/function/name"));
        assertEquals(QUESTION, body.at("/messages/0/content").asText());
    }

    @Override
    void assertToolResultsSent(JsonNode body, List<ToolExecutionRequest> calls) {
        JsonNode messages = body.path("messages");
        assertEquals(List.of("user", "assistant", "tool", "tool"), texts(messages, "/role"));
        assertEquals(List.of(TOOL_1, TOOL_2), texts(messages.at("/1/tool_calls"), "/function/name"));
        assertEquals("kinase", messages.at("/1/tool_calls/0/function/arguments/query").asText());
        assertEquals(TOOL_1_RESULT, messages.at("/2/content").asText());
        assertEquals(TOOL_2_RESULT, messages.at("/3/content").asText());
    }

    @Override
    void assertThinkingRequested(JsonNode body) {
        assertTrue(body.path("think").asBoolean(), "think: true");
        assertFalse(body.path("options").has("temperature") && !body.at("/options/temperature").isNull(),
                "no temperature was asked for");
    }
}
