package org.strategylab.chat.provider;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.strategylab.chat.agent.AgentTurn;
import org.strategylab.chat.tools.TokenAllowance;
import org.strategylab.testsupport.texts.UserFacingTexts;
import org.strategylab.chat.agent.TurnOutcome;
import org.strategylab.chat.agent.TurnRequest;
import org.strategylab.chat.config.ChatConfig;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.TurnGraph;
import org.strategylab.eventlog.index.OperationStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The scenario every vendor adapter passes against a local server speaking that vendor's wire
 * format: stream text, ask for two tools, read their results, answer, report usage; think where the
 * vendor streams thinking; fail with the provider named on a 429 and on a stream cut mid-way; stop
 * the stream when the agent cancels. Each subclass writes its vendor's frames.
 *
 * <p>The adapters are plain classes given their endpoint. Anthropic, Gemini and Ollama run without
 * Quarkus ({@link StreamingHttpClient}); OpenAI's client is quarkus-langchain4j's, which needs a
 * running Quarkus, so its test is a {@code @QuarkusTest} (the module's one test application).
 */
abstract class VendorWireFormatTest {

    static final ObjectMapper JSON = new ObjectMapper();

    static final String QUESTION = "Which searches find kinase genes on PlasmoDB?";
    static final List<String> ROUND_1_TEXT = List.of("Let me look ", "for kinase ", "searches.");
    static final String TOOL_1 = "search_for_searches";
    static final String TOOL_1_ARGS = "{\"query\":\"kinase\",\"siteId\":\"plasmodb\"}";
    static final String TOOL_2 = "get_search_parameters";
    static final String TOOL_2_ARGS = "{\"searchName\":\"GenesByTextSearch\",\"siteId\":\"plasmodb\"}";
    static final String TOOL_1_RESULT = "{\"searches\":[\"GenesByTextSearch\"]}";
    static final String TOOL_2_RESULT = "{\"parameters\":[\"text_expression\"]}";
    static final int ROUND_1_INPUT = 120;
    static final int ROUND_1_OUTPUT = 45;
    static final List<String> ROUND_2_TEXT = List.of("Text search ", "finds them.");
    static final int ROUND_2_INPUT = 260;
    static final int ROUND_2_OUTPUT = 12;
    static final List<String> THINKING = List.of("The user wants ", "kinases; ", "text search fits.");
    static final String API_KEY = "test-key-not-real";

    FakeVendorServer vendor;
    StreamingChatModel model;

    /** The adapter under test, pointed at the fake vendor. */
    abstract ProviderAdapter adapter(VendorEndpoint endpoint);

    /** Where the adapter's base URL points on the fake vendor. */
    abstract String baseUrl(String serverUrl);

    /** A reasoning model of this vendor. */
    abstract ModelEntry entry();

    abstract String streamContentType();

    abstract List<String> round1Frames();

    abstract List<String> round2Frames();

    /** A stream of thinking then text, or null where the vendor's format streams no thinking. */
    abstract List<String> thinkingFrames();

    /** A frame carrying one more piece of text (the endless stream of the cancel test). */
    abstract String textFrame(String text);

    /** The body of the vendor's 429. */
    abstract String rateLimitBody();

    /** The first request: the right endpoint, the key, streaming on, both tools declared. */
    abstract void assertFirstRequest(FakeVendorServer.Received request);

    /** The second request carries the two tool results in the vendor's format. */
    abstract void assertToolResultsSent(JsonNode body, List<ToolExecutionRequest> calls);

    /** A request at effort {@code high} asks the vendor to think, in its own terms. */
    abstract void assertThinkingRequested(JsonNode body);

    @BeforeEach
    void startVendor() throws Exception {
        vendor = new FakeVendorServer();
        ProviderAdapter adapter = adapter(new VendorEndpoint(baseUrl(vendor.url()), API_KEY, Duration.ofSeconds(20)));
        model = adapter.open(ModelChoice.of(entry()));
    }

    @AfterEach
    void stopVendor() {
        vendor.close();
    }

    @Test
    void streamsTextCallsTwoToolsReadsTheirResultsAndAnswers() throws Exception {
        vendor.enqueue(FakeVendorServer.stream(streamContentType(), round1Frames()));
        vendor.enqueue(FakeVendorServer.stream(streamContentType(), round2Frames()));

        RecordingHandler first = new RecordingHandler();
        List<ChatMessage> messages = new ArrayList<>(List.of(UserMessage.from(QUESTION)));
        model.chat(request(messages), first);
        ChatResponse round1 = first.response();

        assertEquals(ROUND_1_TEXT, first.text, "text in pieces, as streamed");
        AiMessage asked = round1.aiMessage();
        assertEquals(String.join("", ROUND_1_TEXT), asked.text());
        List<ToolExecutionRequest> calls = asked.toolExecutionRequests();
        assertEquals(List.of(TOOL_1, TOOL_2), calls.stream().map(ToolExecutionRequest::name).toList());
        assertEquals(JSON.readTree(TOOL_1_ARGS), JSON.readTree(calls.get(0).arguments()));
        assertEquals(JSON.readTree(TOOL_2_ARGS), JSON.readTree(calls.get(1).arguments()));
        assertEquals(ROUND_1_INPUT, round1.tokenUsage().inputTokenCount());
        assertEquals(ROUND_1_OUTPUT, round1.tokenUsage().outputTokenCount());
        assertFirstRequest(vendor.received().get(0));

        messages.add(asked);
        messages.add(ToolExecutionResultMessage.from(calls.get(0), TOOL_1_RESULT));
        messages.add(ToolExecutionResultMessage.from(calls.get(1), TOOL_2_RESULT));
        RecordingHandler second = new RecordingHandler();
        model.chat(request(messages), second);
        ChatResponse round2 = second.response();

        assertToolResultsSent(vendor.received().get(1).body(), calls);
        assertEquals(ROUND_2_TEXT, second.text);
        assertEquals(String.join("", ROUND_2_TEXT), round2.aiMessage().text());
        assertFalse(round2.aiMessage().hasToolExecutionRequests());
        assertEquals(ROUND_2_INPUT, round2.tokenUsage().inputTokenCount());
        assertEquals(ROUND_2_OUTPUT, round2.tokenUsage().outputTokenCount());
    }

    @Test
    void theAgentLoopStreamsTheTextRunsBothToolsAndEndsWithTheUsageOfBothCalls() throws Exception {
        vendor.enqueue(FakeVendorServer.stream(streamContentType(), round1Frames()));
        vendor.enqueue(FakeVendorServer.stream(streamContentType(), round2Frames()));
        LoopEvents events = new LoopEvents();
        TurnOutcome outcome = loopTurn(events).run();

        assertEquals(OperationStatus.COMPLETED, outcome.status(), events.types().toString());
        String text = String.join("", ROUND_1_TEXT) + "\n\n" + String.join("", ROUND_2_TEXT);
        assertEquals(text, outcome.content());
        assertEquals(text, events.of("assistant_delta").stream().map(d -> d.path("delta").asText())
                .reduce("", String::concat), "the stream is the message");
        assertEquals(List.of(TOOL_1, TOOL_2), events.of("tool_call_start").stream().map(e -> e.path("name").asText()).toList());
        assertEquals(JSON.readTree(TOOL_1_ARGS), JSON.readTree(events.of("tool_call_start").get(0).path("arguments").asText()));
        assertEquals(List.of(JSON.readTree(TOOL_1_RESULT), JSON.readTree(TOOL_2_RESULT)), events.of("tool_call_end").stream()
                .map(e -> read(e.path("result").asText())).toList());
        List<ToolExecutionRequest> calls = events.of("tool_call_start").stream().map(e -> ToolExecutionRequest.builder()
                .id(e.path("id").asText()).name(e.path("name").asText()).arguments(e.path("arguments").asText()).build()).toList();
        // the loop's instructions travel as a system message (OpenAI and Ollama put it among the messages)
        assertToolResultsSent(withoutSystemMessages(vendor.received().get(1).body()), calls);
        JsonNode usage = outcome.usage();
        assertEquals(ROUND_1_INPUT + ROUND_2_INPUT, usage.path("promptTokens").asInt());
        assertEquals(ROUND_1_OUTPUT + ROUND_2_OUTPUT, usage.path("completionTokens").asInt());
        assertEquals(2, usage.path("llmCallCount").asInt());
        assertEquals(2, usage.path("toolCallCount").asInt());
        assertEquals(entry().id(), usage.path("modelId").asText());
        assertEquals(entry().costUsd(ROUND_1_INPUT + ROUND_2_INPUT, 0, ROUND_1_OUTPUT + ROUND_2_OUTPUT),
                usage.path("estimatedCostUsd").asDouble(), 1e-12, "the cost at the catalog's prices");
    }

    @Test
    void aVendorFailureMidStreamEndsTheTurnWithAnErrorNamingTheProviderAndNoToolRun() throws Exception {
        vendor.enqueue(FakeVendorServer.brokenStream(streamContentType(), round1Frames().subList(0, 3)));
        LoopEvents events = new LoopEvents();
        TurnOutcome outcome = loopTurn(events).run();

        assertEquals(OperationStatus.FAILED, outcome.status());
        List<JsonNode> errors = events.of("error");
        assertEquals(1, errors.size(), events.types().toString());
        assertTrue(errors.get(0).path("error").asText().startsWith(entry().provider()), errors.toString());
        new UserFacingTexts().add("the turn's error event", errors.get(0).path("error").asText()).assertReadable();
        assertEquals(List.of(), events.of("tool_call_start"));
        assertEquals(List.of(), events.of("assistant_message"));
    }

    @Test
    void aSubAgentsTokensCountAgainstTheTurnsBudget() throws Exception {
        // the budget holds the sub-agent's one call and the turn's first, not both
        TokenAllowance shared = new TokenAllowance(ROUND_2_INPUT + ROUND_2_OUTPUT + ROUND_1_INPUT + ROUND_1_OUTPUT - 1);
        vendor.enqueue(FakeVendorServer.stream(streamContentType(), round2Frames()));
        TurnOutcome subAgent = loopTurn(new LoopEvents(), shared).run();
        assertEquals(OperationStatus.COMPLETED, subAgent.status());
        vendor.enqueue(FakeVendorServer.stream(streamContentType(), round1Frames()));
        LoopEvents events = new LoopEvents();
        loopTurn(events, shared).run();

        // the turn ends with what it has, and says why it stopped
        assertEquals(1, events.of("error").size(), events.types().toString());
        assertTrue(events.of("error").get(0).path("error").asText().contains("sub-agents' included"), events.of("error").toString());
        new UserFacingTexts().add("the turn's error event", events.of("error").get(0).path("error").asText()).assertReadable();
        assertEquals(List.of(), events.of("tool_call_start"), "no tool runs once the budget is spent");
        // alone, the turn's first call is well within the budget
        vendor.enqueue(FakeVendorServer.stream(streamContentType(), round1Frames()));
        vendor.enqueue(FakeVendorServer.stream(streamContentType(), round2Frames()));
        LoopEvents alone = new LoopEvents();
        loopTurn(alone, new TokenAllowance(ROUND_2_INPUT + ROUND_2_OUTPUT + ROUND_1_INPUT + ROUND_1_OUTPUT)).run();
        assertEquals(List.of(), alone.of("error"));
        assertEquals(List.of(TOOL_1, TOOL_2), alone.of("tool_call_start").stream().map(e -> e.path("name").asText()).toList());
    }

    /** A turn of the real agent loop over this vendor, with two tools that answer the scenario's results. */
    AgentTurn loopTurn(LoopEvents events) {
        return loopTurn(events, new TokenAllowance(BUDGET.maxTokens()));
    }

    /** The same, drawing on a token allowance it may share with other turns (a turn and its sub-agents). */
    AgentTurn loopTurn(LoopEvents events, TokenAllowance allowance) {
        ProviderAdapter adapter = adapter(new VendorEndpoint(baseUrl(vendor.url()), API_KEY, Duration.ofSeconds(20)));
        TurnRequest request = new TurnRequest(UUID.randomUUID(), "kinases", "alice", "token", "plasmodb",
                UUID.randomUUID().toString(), QUESTION, ModelChoice.of(entry()), Set.of(), List.of(), List.of(),
                StrategyGraph.empty());
        List<AgentTool> tools = List.of(answering(TOOL_1, TOOL_1_RESULT), answering(TOOL_2, TOOL_2_RESULT));
        TurnGraph graph = new TurnGraph("kinases", StrategyGraph.empty(), next -> { });
        return new AgentTurn(request, adapter, tools, graph, events, BUDGET, TOOL_THREADS, allowance);
    }

    static final ExecutorService TOOL_THREADS = Executors.newCachedThreadPool();

    static final ChatConfig.Agent BUDGET = new ChatConfig.Agent() {
        public int maxRounds() {
            return 4;
        }

        public long maxTokens() {
            return 100_000;
        }

        public Duration toolTimeout() {
            return Duration.ofSeconds(10);
        }

        public Duration modelTimeout() {
            return Duration.ofSeconds(20);
        }

        public Duration optimizationTimeout() {
            return Duration.ofSeconds(30);
        }

        @Override
        public Duration discoveryTimeout() {
            return Duration.ofSeconds(30);
        }

        public int historyMessages() {
            return 4;
        }

        public int maxToolResultChars() {
            return 10_000;
        }
    };

    static AgentTool answering(String name, String result) {
        return new AgentTool() {
            public String name() {
                return name;
            }

            public String description() {
                return "answers " + result;
            }

            public String group() {
                return "test";
            }

            public JsonObjectSchema arguments() {
                return JsonObjectSchema.builder().addStringProperty("query").build();
            }

            public JsonNode run(JsonNode arguments, ToolContext context) {
                return read(result);
            }
        };
    }

    static JsonNode withoutSystemMessages(JsonNode body) {
        com.fasterxml.jackson.databind.node.ObjectNode copy = body.deepCopy();
        if (copy.path("messages").isArray()) {
            com.fasterxml.jackson.databind.node.ArrayNode kept = copy.putArray("messages");
            body.path("messages").forEach(m -> {
                if (!"system".equals(m.path("role").asText())) {
                    kept.add(m);
                }
            });
        }
        return copy;
    }

    static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    @Test
    void thinkingAtHighEffortReachesOnPartialThinking() throws Exception {
        List<String> frames = thinkingFrames();
        vendor.enqueue(FakeVendorServer.stream(streamContentType(), frames != null ? frames : round2Frames()));
        StreamingChatModel thinking = adapter(new VendorEndpoint(baseUrl(vendor.url()), API_KEY, Duration.ofSeconds(20)))
                .open(new ModelChoice(entry(), "high", null, null, null, null));

        RecordingHandler handler = new RecordingHandler();
        thinking.chat(request(List.of(UserMessage.from(QUESTION))), handler);
        handler.response();

        assertThinkingRequested(vendor.received().get(0).body());
        if (frames != null) {
            assertEquals(THINKING, handler.thinking);
            assertEquals(ROUND_2_TEXT, handler.text);
        }
    }

    @Test
    void aRateLimitBeforeTheStreamReachesOnErrorNamingTheProvider() throws Exception {
        vendor.enqueue(FakeVendorServer.status(429, "application/json", rateLimitBody()));

        RecordingHandler handler = new RecordingHandler();
        model.chat(request(List.of(UserMessage.from(QUESTION))), handler);

        Throwable error = handler.error();
        ProviderFailure failure = assertInstanceOf(ProviderFailure.class, error);
        assertEquals(entry().provider(), failure.provider());
        assertEquals(429, failure.status());
        assertTrue(failure.getMessage().startsWith(entry().provider() + " failed (HTTP 429)"), failure.getMessage());
        // the turn's error event says this
        new UserFacingTexts().add("a rate limit", failure.getMessage()).assertReadable();
    }

    @Test
    void aStreamCutMidWayReachesOnErrorNamingTheProvider() throws Exception {
        vendor.enqueue(FakeVendorServer.brokenStream(streamContentType(), round1Frames().subList(0, 3)));

        RecordingHandler handler = new RecordingHandler();
        model.chat(request(List.of(UserMessage.from(QUESTION))), handler);

        Throwable error = handler.error();
        ProviderFailure failure = assertInstanceOf(ProviderFailure.class, error);
        assertEquals(entry().provider(), failure.provider());
        assertTrue(failure.getMessage().startsWith(entry().provider() + " failed"), failure.getMessage());
        new UserFacingTexts().add("a stream cut mid-way", failure.getMessage()).assertReadable();
    }

    @Test
    void cancellingThroughTheStreamingHandleStopsTheStream() throws Exception {
        RecordingHandler handler = new RecordingHandler(true);
        if (cancelClosesTheConnection()) {
            vendor.enqueue(FakeVendorServer.endless(streamContentType(), round1Frames().subList(0, 2), textFrame("more ")));
            model.chat(request(List.of(UserMessage.from(QUESTION))), handler);
            await().atMost(Duration.ofSeconds(15)).until(vendor::clientHungUp);
        } else {
            List<String> frames = new ArrayList<>(round1Frames().subList(0, 2));
            for (int i = 0; i < 40; i++) {
                frames.add(textFrame("more "));
            }
            frames.addAll(round2Frames());
            vendor.enqueue(FakeVendorServer.stream(streamContentType(), frames));
            model.chat(request(List.of(UserMessage.from(QUESTION))), handler);
            await().atMost(Duration.ofSeconds(15)).until(() -> vendor.completedStreams() == 1);
        }
        assertEquals(1, handler.text.size(), "nothing after the cancel reaches the agent: " + handler.text);
        assertFalse(handler.outcome.isDone(), "a cancelled call neither completes nor fails");
    }

    @Test
    void aStreamOutlastingTheTimeoutIsCutAndReachesOnErrorNamingTheProvider() throws Exception {
        vendor.enqueue(FakeVendorServer.endless(streamContentType(), round1Frames().subList(0, 2), textFrame("more ")));
        StreamingChatModel impatient = adapter(new VendorEndpoint(baseUrl(vendor.url()), API_KEY, Duration.ofSeconds(1)))
                .open(ModelChoice.of(entry()));

        RecordingHandler handler = new RecordingHandler();
        impatient.chat(request(List.of(UserMessage.from(QUESTION))), handler);

        ProviderFailure failure = assertInstanceOf(ProviderFailure.class, handler.error());
        assertEquals(entry().provider(), failure.provider());
        assertTrue(failure.getMessage().contains("no complete answer within PT1S"), failure.getMessage());
        new UserFacingTexts().add("a stream past its time", failure.getMessage()).assertReadable();
        if (cancelClosesTheConnection()) {
            await().atMost(Duration.ofSeconds(15)).until(vendor::clientHungUp);
        }
    }

    /**
     * Whether cancelling closes the vendor connection (the vendor stops generating and billing).
     * Where it cannot, the stream runs to its end unseen: the test then pins that limitation.
     */
    boolean cancelClosesTheConnection() {
        return true;
    }

    static ChatRequest request(List<ChatMessage> messages) {
        return ChatRequest.builder().messages(messages).toolSpecifications(tools()).build();
    }

    static List<ToolSpecification> tools() {
        return List.of(
                ToolSpecification.builder().name(TOOL_1).description("Find searches by keyword on a site")
                        .parameters(JsonObjectSchema.builder()
                                .addStringProperty("query").addStringProperty("siteId")
                                .required("query", "siteId").build())
                        .build(),
                ToolSpecification.builder().name(TOOL_2).description("The parameters of one search")
                        .parameters(JsonObjectSchema.builder()
                                .addStringProperty("searchName").addStringProperty("siteId")
                                .required("searchName", "siteId").build())
                        .build());
    }

    /** The text at {@code pointer} (a JSON pointer) in each element of {@code array}. */
    static List<String> texts(JsonNode array, String pointer) {
        List<String> values = new ArrayList<>();
        array.forEach(node -> values.add(node.at(pointer).asText()));
        return values;
    }

    static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> map = new java.util.LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }
}
