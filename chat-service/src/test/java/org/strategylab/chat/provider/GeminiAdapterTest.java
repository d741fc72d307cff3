package org.strategylab.chat.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@link GeminiAdapter} against the Gemini API's {@code models/{model}:streamGenerateContent?alt=sse}:
 * each event a {@code GenerateContentResponse} with {@code candidates[0].content.parts} (text,
 * {@code thought: true} thought summaries, whole {@code functionCall}s), {@code finishReason} and
 * {@code usageMetadata}; no end marker, the stream's end is the end.
 */
class GeminiAdapterTest extends VendorWireFormatTest {

    @Override
    ProviderAdapter adapter(VendorEndpoint endpoint) {
        return new GeminiAdapter(endpoint);
    }

    @Override
    String baseUrl(String serverUrl) {
        return serverUrl + "/v1beta";
    }

    @Override
    ModelEntry entry() {
        return new ModelEntry("gemini/gemini-2.5-flash", "Gemini 2.5 Flash", "gemini", "gemini-2.5-flash", null,
                true, true, null, 1_048_576, 8192, 0.3, 0.075, 2.5);
    }

    @Override
    String streamContentType() {
        return "text/event-stream";
    }

    static String response(List<Map<String, Object>> parts, String finishReason, Map<String, Object> usage) {
        Map<String, Object> candidate = map("content", map("parts", parts, "role", "model"), "index", 0);
        if (finishReason != null) {
            candidate.put("finishReason", finishReason);
        }
        return "data: " + json(map("candidates", List.of(candidate), "usageMetadata", usage,
                "modelVersion", "gemini-2.5-flash", "responseId", "mYUkaZ2YFJ2V1MkP")) + "\r\n\r\n";
    }

    static Map<String, Object> usage(int prompt, Integer candidates) {
        Map<String, Object> usage = map("promptTokenCount", prompt,
                "totalTokenCount", prompt + (candidates == null ? 0 : candidates),
                "promptTokensDetails", List.of(map("modality", "TEXT", "tokenCount", prompt)));
        if (candidates != null) {
            usage.put("candidatesTokenCount", candidates);
        }
        return usage;
    }

    @Override
    String textFrame(String text) {
        return response(List.of(map("text", text)), null, usage(ROUND_1_INPUT, null));
    }

    @Override
    List<String> round1Frames() {
        List<String> frames = new ArrayList<>();
        ROUND_1_TEXT.forEach(piece -> frames.add(textFrame(piece)));
        frames.add(response(List.of(
                        map("functionCall", map("name", TOOL_1, "args", map("query", "kinase", "siteId", "plasmodb"))),
                        map("functionCall", map("name", TOOL_2,
                                "args", map("searchName", "GenesByTextSearch", "siteId", "plasmodb")))),
                "STOP", usage(ROUND_1_INPUT, ROUND_1_OUTPUT)));
        return frames;
    }

    @Override
    List<String> round2Frames() {
        List<String> frames = new ArrayList<>();
        frames.add(response(List.of(map("text", ROUND_2_TEXT.get(0))), null, usage(ROUND_2_INPUT, null)));
        frames.add(response(List.of(map("text", ROUND_2_TEXT.get(1))), "STOP", usage(ROUND_2_INPUT, ROUND_2_OUTPUT)));
        return frames;
    }

    @Override
    List<String> thinkingFrames() {
        List<String> frames = new ArrayList<>();
        THINKING.forEach(piece -> frames.add(response(List.of(map("text", piece, "thought", true)), null,
                usage(ROUND_1_INPUT, null))));
        frames.add(response(List.of(map("text", ROUND_2_TEXT.get(0))), null, usage(ROUND_1_INPUT, null)));
        Map<String, Object> last = usage(ROUND_1_INPUT, ROUND_2_OUTPUT);
        last.put("thoughtsTokenCount", 230);
        frames.add(response(List.of(map("text", ROUND_2_TEXT.get(1))), "STOP", last));
        return frames;
    }

    @Override
    String rateLimitBody() {
        return json(map("error", map("code", 429,
                "message", "You exceeded your current quota, please check your plan and billing details.",
                "status", "RESOURCE_EXHAUSTED")));
    }

    @Override
    void assertFirstRequest(FakeVendorServer.Received request) {
        assertEquals("POST", request.method());
        assertEquals("/v1beta/models/gemini-2.5-flash:streamGenerateContent", request.path());
        assertTrue(request.query() != null && request.query().contains("alt=sse"), "alt=sse: " + request.query());
        assertTrue(API_KEY.equals(request.header("x-goog-api-key"))
                || request.query().contains("key=" + API_KEY), "the key, as header or query parameter");
        JsonNode body = request.body();
        assertEquals(List.of(TOOL_1, TOOL_2), texts(body.at("/tools/0/functionDeclarations"), "/name"));
        assertEquals("user", body.at("/contents/0/role").asText());
        assertEquals(QUESTION, body.at("/contents/0/parts/0/text").asText());
    }

    @Override
    void assertToolResultsSent(JsonNode body, List<ToolExecutionRequest> calls) {
        JsonNode contents = body.path("contents");
        assertEquals("model", contents.at("/1/role").asText());
        List<String> called = new ArrayList<>();
        contents.get(1).path("parts").forEach(part -> {
            if (part.has("functionCall")) {
                called.add(part.at("/functionCall/name").asText());
            }
        });
        assertEquals(List.of(TOOL_1, TOOL_2), called);
        List<JsonNode> responses = new ArrayList<>();
        for (int i = 2; i < contents.size(); i++) {
            assertEquals("user", contents.get(i).path("role").asText(), "function responses come from the user side");
            contents.get(i).path("parts").forEach(part -> {
                if (part.has("functionResponse")) {
                    responses.add(part.path("functionResponse"));
                }
            });
        }
        assertEquals(List.of(TOOL_1, TOOL_2), responses.stream().map(r -> r.path("name").asText()).toList());
        assertTrue(responses.get(0).path("response").toString().contains("GenesByTextSearch"), responses.get(0).toString());
        assertTrue(responses.get(1).path("response").toString().contains("text_expression"), responses.get(1).toString());
    }

    @Override
    void assertThinkingRequested(JsonNode body) {
        JsonNode thinking = body.at("/generationConfig/thinkingConfig");
        assertTrue(thinking.path("includeThoughts").asBoolean(), "includeThoughts: " + body.path("generationConfig"));
        assertEquals(3 * 8192, thinking.path("thinkingBudget").asInt(), "high effort: three times the model's budget");
    }
}
