package org.strategylab.chat.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiFunction;
import org.strategylab.chat.config.ChatConfig;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.provider.ModelChoice;
import org.strategylab.chat.provider.ModelEntry;
import org.strategylab.chat.provider.ProviderAdapter;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.TokenAllowance;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.TurnGraph;
import org.strategylab.eventlog.index.OperationStatus;

/**
 * The real agent loop ({@link AgentTurn}) over a scripted model: each model call answers the next
 * scripted message (a tool call or text) with the scripted token usage, and every request the model
 * got is kept, so a test reads what the model was shown. Events are kept in memory.
 */
final class ScriptedTurn {

    static final ObjectMapper JSON = new ObjectMapper();
    static final ExecutorService TOOL_THREADS = Executors.newCachedThreadPool();
    static final ModelEntry ENTRY = new ModelEntry("scripted/model", "Scripted", "scripted", "model", null, false,
            true, null, 100_000, null, 1, 1, 2);

    /** One recorded event. */
    record Event(String type, JsonNode data) {
    }

    final Deque<AiMessage> script = new ArrayDeque<>();
    /** The messages of each model call, as the model got them. */
    final List<List<ChatMessage>> requests = new CopyOnWriteArrayList<>();
    final List<Event> events = new CopyOnWriteArrayList<>();
    int promptTokens = 100;
    int completionTokens = 20;

    /** The next model call asks for this tool with these arguments. */
    ScriptedTurn callsTool(String name, String arguments) {
        script.add(AiMessage.from("Calling " + name + ".", List.of(ToolExecutionRequest.builder()
                .id("call-" + (script.size() + 1)).name(name).arguments(arguments).build())));
        return this;
    }

    /** The next model call answers this text and asks for nothing. */
    ScriptedTurn answers(String text) {
        script.add(AiMessage.from(text));
        return this;
    }

    /** A turn of this user message over the tools, drawing on the allowance. */
    AgentTurn turn(String userMessage, List<AgentTool> tools, TurnGraph graph, TokenAllowance allowance) {
        TurnRequest request = new TurnRequest(UUID.randomUUID(), graph.name(), "alice", "token", "plasmodb",
                UUID.randomUUID().toString(), userMessage, ModelChoice.of(ENTRY), Set.of(), List.of(), List.of(),
                graph.current());
        ProviderAdapter adapter = new ProviderAdapter() {
            public String provider() {
                return ENTRY.provider();
            }

            public StreamingChatModel open(ModelChoice choice) {
                return new StreamingChatModel() {
                    @Override
                    public void doChat(ChatRequest chatRequest, StreamingChatResponseHandler handler) {
                        requests.add(List.copyOf(chatRequest.messages()));
                        AiMessage next = script.poll();
                        if (next == null) {
                            handler.onError(new IllegalStateException("the script has no more answers"));
                            return;
                        }
                        handler.onCompleteResponse(ChatResponse.builder().aiMessage(next)
                                .tokenUsage(new TokenUsage(promptTokens, completionTokens))
                                .finishReason(next.hasToolExecutionRequests() ? FinishReason.TOOL_EXECUTION
                                        : FinishReason.STOP).build());
                    }
                };
            }
        };
        TurnEvents sink = new TurnEvents(JSON) {
            @Override
            public void emit(String type, Object payload) {
                events.add(new Event(type, json(payload)));
            }

            @Override
            public void end(ObjectNode usage, OperationStatus status) {
                events.add(new Event("message_end", usage));
            }

            @Override
            public boolean cancelRequested() {
                return false;
            }

            @Override
            public String operationId() {
                return "scripted";
            }
        };
        return new AgentTurn(request, adapter, tools, graph, sink, BUDGET, TOOL_THREADS, allowance);
    }

    List<JsonNode> of(String type) {
        return events.stream().filter(e -> e.type().equals(type)).map(Event::data).toList();
    }

    List<String> types() {
        return events.stream().map(Event::type).toList();
    }

    /** A tool of this name and group that answers what {@code run} answers. */
    static AgentTool tool(String name, String group, BiFunction<JsonNode, ToolContext, JsonNode> run) {
        return new AgentTool() {
            public String name() {
                return name;
            }

            public String description() {
                return "a tool of the test";
            }

            public String group() {
                return group;
            }

            public JsonObjectSchema arguments() {
                return JsonObjectSchema.builder().build();
            }

            public JsonNode run(JsonNode arguments, ToolContext context) {
                return run.apply(arguments, context);
            }
        };
    }

    static final ChatConfig.Agent BUDGET = new ChatConfig.Agent() {
        public int maxRounds() {
            return 6;
        }

        public long maxTokens() {
            return 100_000;
        }

        public Duration toolTimeout() {
            return Duration.ofSeconds(10);
        }

        public Duration modelTimeout() {
            return Duration.ofSeconds(10);
        }

        public Duration optimizationTimeout() {
            return Duration.ofSeconds(10);
        }

        @Override
        public Duration discoveryTimeout() {
            return Duration.ofSeconds(10);
        }

        public int historyMessages() {
            return 4;
        }

        public int maxToolResultChars() {
            return 10_000;
        }
    };
}
