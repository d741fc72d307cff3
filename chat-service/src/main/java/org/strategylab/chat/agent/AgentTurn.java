package org.strategylab.chat.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.jboss.logging.Logger;
import org.strategylab.chat.config.ChatConfig;
import org.strategylab.chat.graph.GraphSnapshot;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.provider.ModelChoice;
import org.strategylab.chat.provider.ProviderAdapter;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.TokenAllowance;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolResults;
import org.strategylab.chat.tools.TurnGraph;
import org.strategylab.chat.tools.TurnScope;
import org.strategylab.chat.tools.UserAction;
import org.strategylab.edge.peer.CallFailures;
import org.strategylab.eventlog.index.OperationStatus;

/**
 * One turn of the agent: model call → tool calls → events → repeat, until the model answers without
 * asking for a tool, a budget (rounds, tokens) runs out, the vendor fails, or the turn is cancelled.
 * Runs on the calling thread; {@link #cancel()} may come from any other.
 *
 * <p>Every way out ends the operation with {@code message_end}: a vendor failure or an exhausted
 * budget first appends an {@code error} naming it. A tool that throws becomes a result the model
 * reads (and an {@code error} event), never the end of the turn.
 */
public final class AgentTurn {

    private static final Logger LOG = Logger.getLogger(AgentTurn.class);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final TurnRequest request;
    private final ProviderAdapter adapter;
    private final List<AgentTool> tools;
    private final TurnGraph graph;
    private final TurnEvents events;
    private final ChatConfig.Agent budget;
    private final ExecutorService toolThreads;

    private final TurnUsage usage = new TurnUsage();
    private final TokenAllowance allowance;
    private final StringBuilder text = new StringBuilder();
    private final StringBuilder reasoning = new StringBuilder();
    private final ArrayNode toolCalls = ToolResults.array();
    private final AtomicReference<ModelCall> currentCall = new AtomicReference<>();
    private final AtomicReference<Future<?>> currentTool = new AtomicReference<>();
    private volatile boolean cancelled;

    /** A turn over these tools and this vendor; {@link AgentLoop#turn} makes the service's turns. */
    public AgentTurn(TurnRequest request, ProviderAdapter adapter, List<AgentTool> tools, TurnGraph graph,
                     TurnEvents events, ChatConfig.Agent budget, ExecutorService toolThreads) {
        this(request, adapter, tools, graph, events, budget, toolThreads, new TokenAllowance(budget.maxTokens()));
    }

    /**
     * A turn that draws on an allowance it shares: a sub-agent's turn spends from its parent turn's
     * ({@link TurnScope#tokenAllowance}), so the user's turn stays within one budget however it delegates.
     */
    public AgentTurn(TurnRequest request, ProviderAdapter adapter, List<AgentTool> tools, TurnGraph graph,
                     TurnEvents events, ChatConfig.Agent budget, ExecutorService toolThreads, TokenAllowance allowance) {
        this.allowance = allowance;
        this.request = request;
        this.adapter = adapter;
        this.tools = tools;
        this.graph = graph;
        this.events = events;
        this.budget = budget;
        this.toolThreads = toolThreads;
    }

    /** What tools that run agents of their own see of this turn. */
    private final TurnScope scope = new TurnScope() {
        @Override
        public ModelChoice model() {
            return request.model();
        }

        @Override
        public void emit(String type, Object payload) {
            events.emit(type, payload);
        }

        @Override
        public String experimentId() {
            return request.experimentId();
        }

        @Override
        public boolean disableRag() {
            return request.disableRag();
        }

        @Override
        public void addSubAgentUsage(long promptTokens, long completionTokens, int modelCalls, double costUsd) {
            usage.addSubAgent(promptTokens, completionTokens, modelCalls, costUsd);
        }

        @Override
        public TokenAllowance tokenAllowance() {
            return allowance;
        }

        @Override
        public void whenCancelled(Runnable action) {
            cancelActions.add(action);
            if (cancelled) {
                action.run();
            }
        }
    };
    private final List<Runnable> cancelActions = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** Stops the turn: the model's stream at once, a running tool at its next wait, its sub-agents. */
    public void cancel() {
        cancelled = true;
        cancelActions.forEach(Runnable::run);
        ModelCall call = currentCall.get();
        if (call != null) {
            call.cancel();
        }
        Future<?> tool = currentTool.get();
        if (tool != null) {
            tool.cancel(true);
        }
    }

    /** Runs the turn to its last event before the terminal one; answers what the conversation keeps. */
    public TurnOutcome run() {
        OperationStatus status = OperationStatus.COMPLETED;
        String error = null;
        try {
            error = loop();
            if (error != null) {
                events.error(error);
            }
        } catch (CancellationException e) {
            status = OperationStatus.CANCELLED;
        } catch (ModelCall.ModelFailure e) {
            status = OperationStatus.FAILED;
            error = failureMessage(e);
            events.error(error);
        } catch (TimeoutException e) {
            status = OperationStatus.FAILED;
            error = request.model().entry().provider() + ": the model did not finish within " + budget.modelTimeout();
            events.error(error);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            status = OperationStatus.CANCELLED;
        } catch (RuntimeException e) {
            LOG.errorf(e, "turn %s failed", events.operationId());
            status = OperationStatus.FAILED;
            error = "the turn failed: " + CallFailures.personsText(e, "an unexpected error; quote the operation id when reporting it");
            events.error(error);
        }
        if (cancelled && status == OperationStatus.COMPLETED) {
            status = OperationStatus.CANCELLED;
        }
        String content = text.toString();
        if (status == OperationStatus.COMPLETED) {
            events.emit("assistant_message", TurnEvents.object().put("messageId", request.messageId()).put("content", content));
        }
        ObjectNode end = usage.toEvent(request.model().entry(), tools.size());
        end.put("status", status.wire());
        return new TurnOutcome(content, toolCalls, reasoning.isEmpty() ? null : reasoning.toString(), end, status, error);
    }

    /**
     * Ends the turn's operation with {@code message_end} (its usage), after the conversation has
     * stored what the turn said: a client that sees the end can read the message.
     */
    public void end(TurnOutcome outcome) {
        events.end(outcome.usage(), outcome.status());
    }

    /** The rounds; answers the error that ended them early (a budget), or null. */
    private String loop() throws InterruptedException, TimeoutException, ModelCall.ModelFailure {
        List<ChatMessage> messages = new ArrayList<>();
        messages.add(SystemMessage.from(AgentInstructions.of(request, tools.stream().map(AgentTool::name).toList())));
        messages.addAll(request.history());
        messages.add(UserMessage.from(request.userMessage()));
        List<ToolSpecification> specifications = tools.stream().map(AgentTool::specification).toList();
        StreamingChatModel model = adapter.open(request.model());
        for (int round = 1; round <= budget.maxRounds(); round++) {
            if (cancelled) {
                throw new CancellationException();
            }
            if (allowance.exceeded()) {
                // spent by the tools of the round before (a delegation's sub-agents): no further model call
                return stopped(tokensSpent());
            }
            ChatResponse response = call(model, ChatRequest.builder().messages(messages)
                    .toolSpecifications(specifications).build());
            usage.addCall(response.tokenUsage());
            allowance.spend(tokens(response.tokenUsage()));
            if (round == 1) {
                events.emit("token_usage_partial", TurnEvents.object().put("promptTokens", usage.promptTokens())
                        .put("registeredToolCount", tools.size()));
            }
            AiMessage answer = response.aiMessage();
            messages.add(answer);
            if (!answer.hasToolExecutionRequests()) {
                return null;
            }
            if (allowance.exceeded()) {
                return stopped(tokensSpent());
            }
            for (ToolExecutionRequest call : answer.toolExecutionRequests()) {
                if (cancelled) {
                    throw new CancellationException();
                }
                String id = call.id() != null && !call.id().isBlank() ? call.id() : "call-" + UUID.randomUUID();
                String result = runTool(id, call);
                messages.add(ToolExecutionResultMessage.from(id, call.name(), result));
            }
        }
        return stopped("the turn used its " + budget.maxRounds() + " model calls before the model finished");
    }

    private String tokensSpent() {
        return "the turn used its token budget (" + allowance.spent() + " of " + allowance.limit()
                + " tokens, its sub-agents' included) before the model finished";
    }

    /**
     * Ends the turn's text with why it stopped and what it leaves, so the user reads it in the answer
     * as well as in the {@code error} event; answers the reason.
     */
    private String stopped(String reason) {
        if (request.task() != null) {
            return reason; // a sub-agent's text reaches no one: its task's end says how it ended
        }
        String closing = "I had to stop here: " + reason + ". " + TurnEnding.whatWasBuilt(graph.current())
                + " Send a message to go on from there.";
        separateRounds();
        text.append(closing);
        events.assistantDelta(request.messageId(), closing);
        return reason;
    }

    private static long tokens(dev.langchain4j.model.output.TokenUsage used) {
        if (used == null) {
            return 0;
        }
        return (used.inputTokenCount() == null ? 0 : used.inputTokenCount())
                + (used.outputTokenCount() == null ? 0 : used.outputTokenCount());
    }

    /** One model call, streaming its text and thinking as events. */
    private ChatResponse call(StreamingChatModel model, ChatRequest chatRequest)
            throws InterruptedException, TimeoutException, ModelCall.ModelFailure {
        ModelCall call = new ModelCall();
        currentCall.set(call);
        if (cancelled) {
            call.cancel();
        }
        boolean[] streamed = {false};
        int before = text.length();
        ChatResponse response = call.run(model, chatRequest, delta -> {
            if (!streamed[0]) {
                streamed[0] = true;
                separateRounds();
            }
            text.append(delta);
            events.assistantDelta(request.messageId(), delta);
        }, thought -> {
            reasoning.append(thought);
            events.reasoning(thought);
        }, budget.modelTimeout());
        currentCall.set(null);
        String complete = response.aiMessage() == null ? null : response.aiMessage().text();
        if (text.length() == before && complete != null && !complete.isBlank()) {
            // a vendor that does not stream gives the text only with the complete response
            separateRounds();
            text.append(complete);
            events.assistantDelta(request.messageId(), complete);
        }
        String thinking = response.aiMessage() == null ? null : response.aiMessage().thinking();
        if (reasoning.isEmpty() && thinking != null && !thinking.isBlank()) {
            reasoning.append(thinking);
            events.reasoning(thinking);
        }
        return response;
    }

    /** The text of each round follows the last one's after a blank line, in the stream as in the message. */
    private void separateRounds() {
        if (!text.isEmpty()) {
            text.append("\n\n");
            events.assistantDelta(request.messageId(), "\n\n");
        }
    }

    /** Runs one tool call under its timeout; answers the text the model reads. */
    private String runTool(String id, ToolExecutionRequest call) throws InterruptedException {
        String arguments = call.arguments() == null || call.arguments().isBlank() ? "{}" : call.arguments();
        events.emit("tool_call_start", TurnEvents.object().put("id", id).put("name", call.name()).put("arguments", arguments));
        usage.addToolCall();
        JsonNode result = execute(call.name(), arguments);
        String resultText = shorten(result.toString());
        events.emit("tool_call_end", TurnEvents.object().put("id", id).put("name", call.name()).put("result", resultText));
        ObjectNode record = toolCalls.addObject().put("id", id).put("name", call.name());
        record.set("arguments", parseOrText(arguments));
        record.put("result", resultText);
        announceGraphChanges();
        boolean outsideText = tools.stream().anyMatch(t -> t.name().equals(call.name()) && t.quotesOutsideText());
        return outsideText ? QuotedData.wrap(call.name(), resultText) : resultText;
    }

    private JsonNode execute(String name, String arguments) throws InterruptedException {
        Optional<AgentTool> tool = tools.stream().filter(t -> t.name().equals(name)).findFirst();
        if (tool.isEmpty()) {
            return ToolResults.refusal("there is no tool named '" + name + "' in this conversation");
        }
        Optional<UserAction> action = tool.get().userAction();
        if (action.isPresent() && !askedFor(action.get())) {
            // the user did not ask for it in this turn: whatever asked (a quoted text, the model), nothing changes
            return ToolResults.refusal(action.get().refusal(name)).put("notRequested", true);
        }
        JsonNode parsed;
        try {
            parsed = MAPPER.readTree(arguments);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return ToolResults.refusal("the arguments are not valid JSON: " + e.getOriginalMessage());
        }
        ToolContext context = new ToolContext(request.ownerId(), request.token(), request.siteId(),
                request.strategyId(), graph, scope);
        Future<JsonNode> running = toolThreads.submit(() -> tool.get().run(parsed, context));
        currentTool.set(running);
        java.time.Duration limit = tool.get().timeout().orElse(budget.toolTimeout());
        try {
            return running.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof ToolRefusal refusal) {
                return ToolResults.refusal(refusal.getMessage());
            }
            // a person reads this (an SSE error event): the failure's sentence, never a Java exception's text
            String message = name + " failed: " + CallFailures.personsText(cause, "an unexpected error");
            LOG.warnf(cause, "tool %s failed in operation %s", name, events.operationId());
            events.error(message);
            return ToolResults.refusal(message);
        } catch (TimeoutException e) {
            running.cancel(true);
            String message = name + " did not finish within " + limit.toSeconds() + " s";
            events.error(message);
            return ToolResults.refusal(message);
        } catch (CancellationException e) {
            throw new CancellationException("the turn was cancelled");
        } finally {
            currentTool.set(null);
        }
    }

    /**
     * Whether the user's own message in this turn asks for this kind of action. A sub-agent's message
     * is its task, written by the model, so a sub-agent never acts for the user.
     */
    private boolean askedFor(UserAction action) {
        return request.task() == null && action.askedIn(request.userMessage());
    }

    /** {@code strategy_link} per push, {@code strategy_update} per change, then one {@code graph_snapshot} of the result. */
    private void announceGraphChanges() {
        for (Object link : graph.drainLinks()) {
            events.emit("strategy_link", link);
        }
        List<TurnGraph.Change> changes = graph.drainChanges();
        if (changes.isEmpty()) {
            return;
        }
        StrategyGraph now = graph.current();
        String graphId = request.strategyId().toString();
        for (TurnGraph.Change change : changes) {
            ObjectNode update = TurnEvents.object().put("graphId", graphId).put("action", change.action());
            update.set("step", MAPPER.valueToTree(change.step()));
            ArrayNode all = update.putArray("allSteps");
            now.steps().forEach(s -> all.addObject().put("stepId", s.id()).put("kind", s.kind().wireName())
                    .put("displayName", s.displayName()));
            events.emit("strategy_update", update);
        }
        ObjectNode snapshot = TurnEvents.object().put("graphId", graphId);
        snapshot.set("graphSnapshot", MAPPER.valueToTree(GraphSnapshot.of(graphId, graph.name(), now)));
        events.emit("graph_snapshot", snapshot);
    }

    private String shorten(String result) {
        int max = budget.maxToolResultChars();
        return result.length() <= max ? result
                : result.substring(0, max) + "… [cut: the result had " + result.length() + " characters]";
    }

    private static JsonNode parseOrText(String arguments) {
        try {
            return MAPPER.readTree(arguments);
        } catch (IOException e) {
            return ToolResults.JSON.textNode(arguments);
        }
    }

    private String failureMessage(ModelCall.ModelFailure failure) {
        String provider = request.model().entry().provider();
        String message = failure.getMessage() == null ? "the model call failed" : failure.getMessage();
        return message.toLowerCase(java.util.Locale.ROOT).contains(provider) ? message : provider + ": " + message;
    }
}
