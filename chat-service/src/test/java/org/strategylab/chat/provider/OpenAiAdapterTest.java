package org.strategylab.chat.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@link OpenAiAdapter} against chat completions streaming: {@code chat.completion.chunk} events
 * with {@code delta.content}, {@code delta.tool_calls} fragments by index (id and name first, then
 * the arguments in pieces), {@code finish_reason}, the usage chunk with empty {@code choices} that
 * {@code stream_options.include_usage} asks for, and {@code [DONE]}. OpenAI streams no reasoning
 * text, so the thinking case checks only that {@code reasoning_effort} is sent.
 */
@QuarkusTest
class OpenAiAdapterTest extends VendorWireFormatTest {

    @Override
    ProviderAdapter adapter(VendorEndpoint endpoint) {
        return new OpenAiAdapter(endpoint);
    }

    @Override
    String baseUrl(String serverUrl) {
        return serverUrl + "/v1";
    }

    @Override
    ModelEntry entry() {
        return new ModelEntry("openai/gpt-5-mini", "GPT-5 mini", "openai", "gpt-5-mini", null, true, true, null,
                400_000, null, 0.25, 0.025, 2);
    }

    @Override
    String streamContentType() {
        return "text/event-stream";
    }

    static String chunk(Map<String, Object> delta, String finishReason) {
        return "data: " + json(map("id", "chatcmpl-7", "object", "chat.completion.chunk", "created", 1_763_900_000,
                "model", "gpt-5-mini-2025-08-07", "system_fingerprint", null,
                "choices", List.of(map("index", 0, "delta", delta, "logprobs", null, "finish_reason", finishReason)),
                "usage", null)) + "\n\n";
    }

    static String usage(int prompt, int completion) {
        return "data: " + json(map("id", "chatcmpl-7", "object", "chat.completion.chunk", "created", 1_763_900_000,
                "model", "gpt-5-mini-2025-08-07", "choices", List.of(),
                "usage", map("prompt_tokens", prompt, "completion_tokens", completion,
                        "total_tokens", prompt + completion,
                        "prompt_tokens_details", map("cached_tokens", 0, "audio_tokens", 0),
                        "completion_tokens_details", map("reasoning_tokens", 0, "audio_tokens", 0)))) + "\n\n";
    }

    static final String DONE = "data: [DONE]\n\n";

    static Map<String, Object> toolCall(int index, String id, String name, String arguments) {
        Map<String, Object> function = id == null ? map("arguments", arguments) : map("name", name, "arguments", arguments);
        Map<String, Object> call = id == null ? map("index", index, "function", function)
                : map("index", index, "id", id, "type", "function", "function", function);
        return map("tool_calls", List.of(call));
    }

    @Override
    String textFrame(String text) {
        return chunk(map("content", text), null);
    }

    @Override
    List<String> round1Frames() {
        List<String> frames = new ArrayList<>();
        frames.add(chunk(map("role", "assistant", "content", "", "refusal", null), null));
        ROUND_1_TEXT.forEach(piece -> frames.add(textFrame(piece)));
        frames.add(chunk(toolCall(0, "call_A1", TOOL_1, ""), null));
        frames.add(chunk(toolCall(0, null, null, "{\"query\":\"kin"), null));
        frames.add(chunk(toolCall(0, null, null, "ase\",\"siteId\":\"plasmodb\"}"), null));
        frames.add(chunk(toolCall(1, "call_B2", TOOL_2, ""), null));
        frames.add(chunk(toolCall(1, null, null, "{\"searchName\":\"GenesByTextSearch\","), null));
        frames.add(chunk(toolCall(1, null, null, "\"siteId\":\"plasmodb\"}"), null));
        frames.add(chunk(map(), "tool_calls"));
        frames.add(usage(ROUND_1_INPUT, ROUND_1_OUTPUT));
        frames.add(DONE);
        return frames;
    }

    @Override
    List<String> round2Frames() {
        List<String> frames = new ArrayList<>();
        frames.add(chunk(map("role", "assistant", "content", ""), null));
        ROUND_2_TEXT.forEach(piece -> frames.add(textFrame(piece)));
        frames.add(chunk(map(), "stop"));
        frames.add(usage(ROUND_2_INPUT, ROUND_2_OUTPUT));
        frames.add(DONE);
        return frames;
    }

    @Override
    List<String> thinkingFrames() {
        return null;
    }

    @Override
    String rateLimitBody() {
        return json(map("error", map("message", "Rate limit reached for gpt-5-mini on tokens per min (TPM)",
                "type", "tokens", "param", null, "code", "rate_limit_exceeded")));
    }

    @Override
    void assertFirstRequest(FakeVendorServer.Received request) {
        assertEquals("POST", request.method());
        assertEquals("/v1/chat/completions", request.path());
        assertEquals("Bearer " + API_KEY, request.header("Authorization"));
        JsonNode body = request.body();
        assertEquals("gpt-5-mini", body.path("model").asText());
        assertTrue(body.path("stream").asBoolean(), "stream: true");
        assertTrue(body.at("/stream_options/include_usage").asBoolean(), "stream_options.include_usage");
        assertEquals(List.of(TOOL_1, TOOL_2), texts(body.path("tools"), "/function/name"));
        assertEquals(List.of("function", "function"), texts(body.path("tools"), "/type"));
        assertEquals("user", body.at("/messages/0/role").asText());
        assertEquals(QUESTION, body.at("/messages/0/content").asText());
    }

    @Override
    void assertToolResultsSent(JsonNode body, List<ToolExecutionRequest> calls) {
        JsonNode messages = body.path("messages");
        assertEquals(List.of("user", "assistant", "tool", "tool"), texts(messages, "/role"));
        JsonNode assistant = messages.get(1);
        assertEquals(List.of("call_A1", "call_B2"), texts(assistant.path("tool_calls"), "/id"));
        assertEquals(List.of(TOOL_1, TOOL_2), texts(assistant.path("tool_calls"), "/function/name"));
        assertEquals(List.of("call_A1", "call_B2"), List.of(messages.at("/2/tool_call_id").asText(),
                messages.at("/3/tool_call_id").asText()));
        assertEquals(TOOL_1_RESULT, messages.at("/2/content").asText());
        assertEquals(TOOL_2_RESULT, messages.at("/3/content").asText());
    }

    /**
     * quarkus-langchain4j 1.10's OpenAI client hands langchain4j a streaming handle whose cancel
     * does nothing, so the connection stays open to the stream's end (the adapter still silences
     * the call). If this starts failing because the connection does close, drop this override.
     */
    @Override
    boolean cancelClosesTheConnection() {
        return false;
    }

    @Override
    void assertThinkingRequested(JsonNode body) {
        assertEquals("high", body.path("reasoning_effort").asText());
        assertTrue(body.path("temperature").isMissingNode() || body.path("temperature").isNull(),
                "reasoning models take only the default temperature");
    }
}
