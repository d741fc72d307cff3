package org.strategylab.chat.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkiverse.mcp.server.Cancellation;
import io.quarkiverse.mcp.server.Progress;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.strategylab.chat.api.ChatRequest;
import org.strategylab.chat.api.StrategyLink;
import org.strategylab.chat.api.StrategyView;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.service.ChatService;
import org.strategylab.chat.service.StrategyService;
import org.strategylab.chat.service.TurnStarted;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.eventlog.EventEnvelope;

/**
 * Strategies as MCP tools: built from a description by the agent (a chat turn of a new conversation,
 * followed to its end with progress), read, and put on the site; all through chat-service's own use
 * cases as the caller, so they are the same conversations the web pages show.
 */
public class StrategyTools {

    static final String EVENTS_TOPIC = "chat.events";

    @Inject
    ChatService chat;

    @Inject
    StrategyService strategies;

    @Inject
    McpCaller caller;

    @Inject
    McpResults results;

    @Inject
    OperationProgress operations;

    @Inject
    McpConfig config;

    /** One step of a strategy. */
    public record Step(String id, String kind, String displayName, String searchName, String operator, Long resultCount,
                       String validationError) {
    }

    /** A strategy: its steps, its root's result size, what keeps it from running, and the agent's answer. */
    public record Strategy(String strategyId, String name, String siteId, String recordType, String rootStepId,
                           Long resultCount, List<Step> steps, List<String> problems, String turnStatus, String answer,
                           Long upstreamStrategyId, String upstreamUrl) {
    }

    @Tool(name = "create_strategy", description = "Build a search strategy from a description of the genes wanted "
            + "('kinases and signal peptides in falciparum'): StrategyLab's agent explores the site's catalogue, "
            + "builds the steps on the site and counts them; this call reports its progress and waits for it. "
            + "Evaluate the result with run_experiment(strategyId=...).",
            outputSchema = @Tool.OutputSchema(from = Strategy.class))
    public ToolResponse createStrategy(
            @ToolArg(description = "the site's id, e.g. plasmodb") String siteId,
            @ToolArg(description = "the genes wanted, in plain words") String description,
            @ToolArg(description = "a model id of GET /api/v1/models (default: the service's default)", required = false)
            String model,
            Progress progress, Cancellation cancellation) {
        McpCaller.User user = caller.current();
        McpArguments.name("siteId", siteId);
        McpArguments.text("description", description, 20_000);
        ChatRequest request = new ChatRequest(siteId, description, null, null, model == null || model.isBlank() ? null : model,
                null, null, null, null, null, null, null, null, null);
        String[] strategyId = new String[1];
        String[] answer = new String[1];
        String[] status = new String[1];
        OperationProgress.Outcome outcome = operations.run(EVENTS_TOPIC, user.id(), () -> {
            TurnStarted turn;
            try {
                turn = chat.start(user.id(), user.token(), request);
            } catch (ProblemException problem) {
                throw McpFailures.forTool(problem);
            }
            strategyId[0] = turn.answer().strategyId();
            return turn.answer().operationId();
        }, event -> {
            if (event.type().equals("assistant_message")) {
                answer[0] = event.data().path("content").asText(null);
            }
            return turnMessage(event);
        }, progress, cancellation, config.turnWait());
        EventEnvelope end = outcome.terminal();
        status[0] = end == null ? "running" : end.data().path("status").asText(end.type());
        return results.structured(strategy(user, strategyId[0], status[0], answer[0]));
    }

    @Tool(name = "get_strategy", description = "One of your strategies (a conversation of the agent): its steps with "
            + "their result sizes, what keeps it from running, and its strategy on the site when pushed.",
            outputSchema = @Tool.OutputSchema(from = Strategy.class))
    public ToolResponse getStrategy(@ToolArg(description = "the strategy's id") String strategyId) {
        McpCaller.User user = caller.current();
        return results.structured(strategy(user, strategyId, null, null));
    }

    /** Where a strategy was put on its site. */
    public record Pushed(String strategyId, Long upstreamStrategyId, String upstreamUrl) {
    }

    @Tool(name = "push_strategy", description = "Put one of your strategies on its VEuPathDB site as a real strategy "
            + "in your account there (created the first time, its steps replaced afterwards).",
            outputSchema = @Tool.OutputSchema(from = Pushed.class))
    public ToolResponse pushStrategy(
            @ToolArg(description = "the strategy's id") String strategyId,
            @ToolArg(description = "save it on the site (default true)", defaultValue = "true") boolean isSaved) {
        McpCaller.User user = caller.current();
        UUID id = strategyUuid(strategyId);
        try {
            StrategyLink link = strategies.push(user.id(), user.token(), id, isSaved, null);
            return results.structured(new Pushed(strategyId, link.upstreamStrategyId(), link.upstreamUrl()));
        } catch (ProblemException problem) {
            throw McpFailures.forTool(problem);
        }
    }

    /** The caller's strategy read whole; someone else's is "not found". */
    StrategyView view(McpCaller.User user, String strategyId) {
        try {
            return strategies.get(user.id(), strategyUuid(strategyId));
        } catch (ProblemException problem) {
            throw McpFailures.forTool(problem);
        }
    }

    private Strategy strategy(McpCaller.User user, String strategyId, String turnStatus, String answer) {
        StrategyView view = view(user, strategyId);
        var graph = view.graph();
        List<Step> steps = graph.steps().stream().map(s -> new Step(s.id(), s.kind().name().toLowerCase(java.util.Locale.ROOT),
                s.displayName(), s.searchName(), s.operator() == null ? null : s.operator().name(), s.resultCount(),
                s.validationError())).toList();
        Long rootCount = graph.steps().stream().filter(s -> s.id().equals(graph.rootStepId())).map(GraphStep::resultCount)
                .findFirst().orElse(null);
        var header = view.strategy();
        return new Strategy(strategyId, header.name(), header.siteId(), graph.recordType(), graph.rootStepId(),
                rootCount, steps, view.problems(), turnStatus, answer, header.upstreamStrategyId(), header.upstreamUrl());
    }

    /**
     * The step tree of the caller's strategy, from its root, in the shape of an experiment's
     * {@code stepTree} (search, transform and combine nodes), for {@code run_experiment(strategyId=…)}.
     */
    Map<String, Object> stepTree(McpCaller.User user, String strategyId) {
        var graph = view(user, strategyId).graph();
        if (graph.rootStepId() == null) {
            throw McpFailures.invalidArgument("strategyId", "the strategy has no steps yet");
        }
        Map<String, GraphStep> steps = new java.util.HashMap<>();
        graph.steps().forEach(step -> steps.put(step.id(), step));
        return node(steps, graph.rootStepId());
    }

    private static Map<String, Object> node(Map<String, GraphStep> steps, String id) {
        GraphStep step = steps.get(id);
        Map<String, Object> node = new java.util.LinkedHashMap<>();
        switch (step.kind()) {
            case SEARCH, TRANSFORM -> {
                node.put("searchName", step.searchName());
                node.put("parameters", step.parameters() == null ? Map.of() : step.parameters());
                if (step.primaryInputStepId() != null) {
                    node.put("primaryInput", node(steps, step.primaryInputStepId()));
                }
            }
            case COMBINE -> {
                node.put("operator", step.operator().name());
                node.put("primaryInput", node(steps, step.primaryInputStepId()));
                node.put("secondaryInput", node(steps, step.secondaryInputStepId()));
            }
        }
        if (step.displayName() != null) {
            node.put("customName", step.displayName());
        }
        return node;
    }

    static UUID strategyUuid(String strategyId) {
        if (!McpArguments.isUuid(strategyId)) {
            throw McpFailures.notFound("no strategy " + strategyId + " of yours");
        }
        return UUID.fromString(strategyId);
    }

    /** What a progress notification says about one event of the agent's turn. */
    static String turnMessage(EventEnvelope event) {
        JsonNode data = event.data();
        return switch (event.type()) {
            case "tool_call_start", "subagent_tool_call_start" -> "calling " + data.path("name").asText(
                    data.path("toolName").asText("a tool"));
            case "subagent_task_start" -> "sub-task: " + data.path("task").asText("");
            case "strategy_update" -> "the strategy changed";
            case "strategy_link" -> "saved on the site";
            case "assistant_message" -> "answered";
            case "error" -> "error: " + data.path("error").asText(data.path("message").asText(""));
            default -> null;
        };
    }
}
