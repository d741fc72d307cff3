package org.strategylab.chat.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link AnthropicAdapter} against the Messages API's streaming format: {@code message_start},
 * {@code content_block_start} / {@code _delta} / {@code _stop} for {@code text}, {@code thinking}
 * ({@code thinking_delta}, {@code signature_delta}) and {@code tool_use} ({@code input_json_delta}),
 * {@code ping}, {@code message_delta} with the usage, {@code message_stop}.
 */
class AnthropicAdapterTest extends VendorWireFormatTest {

    @Override
    ProviderAdapter adapter(VendorEndpoint endpoint) {
        return new AnthropicAdapter(endpoint);
    }

    @Override
    String baseUrl(String serverUrl) {
        return serverUrl + "/v1/";
    }

    @Override
    ModelEntry entry() {
        return new ModelEntry("anthropic/claude-sonnet-4-5", "Claude Sonnet 4.5", "anthropic", "claude-sonnet-4-5",
                null, true, true, null, 200_000, 4096, 3, 0.3, 15);
    }

    @Override
    String streamContentType() {
        return "text/event-stream";
    }

    static String event(String type, Object data) {
        return "event: " + type + "\ndata: " + json(data) + "\n\n";
    }

    static String messageStart(int inputTokens) {
        return event("message_start", map("type", "message_start", "message", map(
                "id", "msg_01", "type", "message", "role", "assistant", "content", List.of(),
                "model", "claude-sonnet-4-5", "stop_reason", null, "stop_sequence", null,
                "usage", map("input_tokens", inputTokens, "output_tokens", 1))));
    }

    static String blockStart(int index, Object block) {
        return event("content_block_start", map("type", "content_block_start", "index", index, "content_block", block));
    }

    static String delta(int index, Object delta) {
        return event("content_block_delta", map("type", "content_block_delta", "index", index, "delta", delta));
    }

    static String blockStop(int index) {
        return event("content_block_stop", map("type", "content_block_stop", "index", index));
    }

    static String messageEnd(String stopReason, int outputTokens) {
        return event("message_delta", map("type", "message_delta",
                "delta", map("stop_reason", stopReason, "stop_sequence", null),
                "usage", map("output_tokens", outputTokens)))
                + event("message_stop", map("type", "message_stop"));
    }

    @Override
    String textFrame(String text) {
        return delta(0, map("type", "text_delta", "text", text));
    }

    @Override
    List<String> round1Frames() {
        List<String> frames = new ArrayList<>();
        frames.add(messageStart(ROUND_1_INPUT));
        frames.add(blockStart(0, map("type", "text", "text", "")));
        frames.add(event("ping", map("type", "ping")));
        ROUND_1_TEXT.forEach(piece -> frames.add(textFrame(piece)));
        frames.add(blockStop(0));
        frames.add(blockStart(1, map("type", "tool_use", "id", "toolu_01A", "name", TOOL_1, "input", map())));
        frames.add(delta(1, map("type", "input_json_delta", "partial_json", "")));
        frames.add(delta(1, map("type", "input_json_delta", "partial_json", "{\"query\": \"kin")));
        frames.add(delta(1, map("type", "input_json_delta", "partial_json", "ase\", \"siteId\": \"plasmodb\"}")));
        frames.add(blockStop(1));
        frames.add(blockStart(2, map("type", "tool_use", "id", "toolu_01B", "name", TOOL_2, "input", map())));
        frames.add(delta(2, map("type", "input_json_delta", "partial_json", "{\"searchName\": \"GenesByTextSearch\",")));
        frames.add(delta(2, map("type", "input_json_delta", "partial_json", " \"siteId\": \"plasmodb\"}")));
        frames.add(blockStop(2));
        frames.add(messageEnd("tool_use", ROUND_1_OUTPUT));
        return frames;
    }

    @Override
    List<String> round2Frames() {
        List<String> frames = new ArrayList<>();
        frames.add(messageStart(ROUND_2_INPUT));
        frames.add(blockStart(0, map("type", "text", "text", "")));
        ROUND_2_TEXT.forEach(piece -> frames.add(textFrame(piece)));
        frames.add(blockStop(0));
        frames.add(messageEnd("end_turn", ROUND_2_OUTPUT));
        return frames;
    }

    @Override
    List<String> thinkingFrames() {
        List<String> frames = new ArrayList<>();
        frames.add(messageStart(ROUND_1_INPUT));
        frames.add(blockStart(0, map("type", "thinking", "thinking", "")));
        THINKING.forEach(piece -> frames.add(delta(0, map("type", "thinking_delta", "thinking", piece))));
        frames.add(delta(0, map("type", "signature_delta", "signature", "EqQBCgIYAhIM1gbcDa9GJwZA2b3h")));
        frames.add(blockStop(0));
        frames.add(blockStart(1, map("type", "text", "text", "")));
        ROUND_2_TEXT.forEach(piece -> frames.add(delta(1, map("type", "text_delta", "text", piece))));
        frames.add(blockStop(1));
        frames.add(messageEnd("end_turn", ROUND_2_OUTPUT));
        return frames;
    }

    /** Anthropic reports an overload inside a 200 stream with an {@code error} event. */
    @Test
    void anErrorEventMidStreamReachesOnErrorNamingTheProvider() throws Exception {
        List<String> frames = new ArrayList<>(round1Frames().subList(0, 4));
        frames.add(event("error", map("type", "error", "error", map("type", "overloaded_error", "message", "Overloaded"))));
        vendor.enqueue(FakeVendorServer.stream(streamContentType(), frames));

        RecordingHandler handler = new RecordingHandler();
        model.chat(request(List.of(dev.langchain4j.data.message.UserMessage.from(QUESTION))), handler);

        Throwable error = handler.error();
        ProviderFailure failure = assertInstanceOf(ProviderFailure.class, error);
        assertEquals("anthropic", failure.provider());
        assertTrue(failure.getMessage().contains("Overloaded") || failure.getMessage().contains("overloaded"),
                failure.getMessage());
    }

    @Override
    String rateLimitBody() {
        return json(map("type", "error", "error", map("type", "rate_limit_error",
                "message", "Number of request tokens has exceeded your per-minute rate limit")));
    }

    @Override
    void assertFirstRequest(FakeVendorServer.Received request) {
        assertEquals("POST", request.method());
        assertEquals("/v1/messages", request.path());
        assertEquals(API_KEY, request.header("x-api-key"));
        assertTrue(request.header("anthropic-version") != null, "anthropic-version header");
        JsonNode body = request.body();
        assertEquals("claude-sonnet-4-5", body.path("model").asText());
        assertTrue(body.path("stream").asBoolean(), "stream: true");
        assertTrue(body.path("max_tokens").asInt() > 0, "max_tokens is required");
        assertEquals(List.of(TOOL_1, TOOL_2), texts(body.path("tools"), "/name"));
        assertEquals("object", body.at("/tools/0/input_schema/type").asText());
        assertEquals(QUESTION, body.at("/messages/0/content/0/text").asText(body.at("/messages/0/content").asText()));
    }

    @Override
    void assertToolResultsSent(JsonNode body, List<ToolExecutionRequest> calls) {
        JsonNode messages = body.path("messages");
        assertEquals(List.of("user", "assistant", "user"), texts(messages, "/role"));
        JsonNode assistant = messages.get(1).path("content");
        List<JsonNode> toolUses = new ArrayList<>();
        assistant.forEach(block -> {
            if (block.path("type").asText().equals("tool_use")) {
                toolUses.add(block);
            }
        });
        assertEquals(List.of("toolu_01A", "toolu_01B"), toolUses.stream().map(b -> b.path("id").asText()).toList());
        assertEquals("kinase", toolUses.get(0).at("/input/query").asText());
        JsonNode results = messages.get(2).path("content");
        assertEquals(List.of("tool_result", "tool_result"), texts(results, "/type"));
        assertEquals(List.of("toolu_01A", "toolu_01B"), texts(results, "/tool_use_id"));
        assertEquals(TOOL_1_RESULT, contentText(results.get(0).path("content")));
        assertEquals(TOOL_2_RESULT, contentText(results.get(1).path("content")));
    }

    /** A tool result's content: a string, or a list of text blocks. */
    private static String contentText(JsonNode content) {
        return content.isTextual() ? content.asText() : content.at("/0/text").asText();
    }

    @Override
    void assertThinkingRequested(JsonNode body) {
        assertEquals("enabled", body.at("/thinking/type").asText());
        int budget = body.at("/thinking/budget_tokens").asInt();
        assertEquals(3 * 4096, budget, "high effort: three times the model's budget");
        assertTrue(body.path("max_tokens").asInt() > budget, "max_tokens must exceed the thinking budget");
        assertTrue(body.path("temperature").isMissingNode() || body.path("temperature").isNull());
    }
}
