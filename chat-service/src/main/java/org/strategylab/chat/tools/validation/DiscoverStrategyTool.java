package org.strategylab.chat.tools.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.strategylab.chat.client.OperationFollower;
import org.strategylab.chat.config.ChatConfig;
import org.strategylab.chat.graph.DiscoveredGraph;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolResults;
import org.strategylab.chat.tools.UserAction;
import org.strategylab.chat.tools.graph.GraphEdits;
import org.strategylab.chat.tools.workbench.ExperimentCalls;
import org.strategylab.edge.peer.PeerFailure;
import org.strategylab.eventlog.EventEnvelope;

/**
 * {@code discover_strategy}: controls in, a strategy out. Starts experiment-service's strategy
 * discovery as the caller (profile the controls, find and count candidate searches on the site,
 * tune, combine under cross-validation), relays each {@code discovery_progress} into the chat
 * stream, and adds the recommended strategy to the conversation's graph, counted on the site like
 * any step the agent makes. The answer gives the model the recommendation with its cross-validated
 * score and overfitting level, the alternatives, and what distinguished the positives. A cancelled
 * turn stops following; the discovery runs on and stays readable.
 */
@ApplicationScoped
public class DiscoverStrategyTool implements AgentTool {

    /** experiment-service's events topic (its operations' events). */
    static final String EXPERIMENT_EVENTS = "experiment.events";
    /** How many of the other proposed strategies the model is told about. */
    private static final int ALTERNATIVES = 3;

    @Inject
    ExperimentCalls experiments;

    @Inject
    OperationFollower follower;

    @Inject
    GraphEdits edits;

    @Inject
    ChatConfig config;

    @Override
    public String name() {
        return "discover_strategy";
    }

    @Override
    public String description() {
        return "Controls in, a strategy out: give the genes the user knows belong (positiveControls, at least 3) and,"
                + " better, genes that do not (negativeControls), or a controlSetId. StrategyLab profiles the genes on"
                + " the site, finds and counts candidate searches, tunes them and combines up to maxSteps of them,"
                + " scored under cross-validation so the winner is not fitted to the controls. Takes minutes (the user"
                + " sees progress); the recommended strategy is added to the graph and counted. Answers its"
                + " cross-validated score, overfitting level, metrics and the alternatives.";
    }

    @Override
    public String group() {
        return "optimization";
    }

    @Override
    public Optional<UserAction> userAction() {
        return Optional.of(UserAction.DISCOVER);
    }

    @Override
    public Optional<Duration> timeout() {
        return Optional.of(config.agent().discoveryTimeout().plusSeconds(60));
    }

    @Override
    public JsonObjectSchema arguments() {
        return ControlArguments.add(JsonObjectSchema.builder()
                        .addStringProperty("objective", "f1 (default), mcc, precision or recall_at_precision"
                                + " (with precisionFloor)")
                        .addNumberProperty("precisionFloor", "the precision recall_at_precision must keep, in (0, 1]")
                        .addIntegerProperty("maxSteps", "the most searches the strategy may combine (1-5, default 3)")
                        .addIntegerProperty("budget", "site calls the discovery may make (default 300)"))
                .build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        ObjectNode body = body(arguments, context);
        AtomicBoolean cancelled = new AtomicBoolean();
        context.scope().whenCancelled(() -> cancelled.set(true));
        String discoveryId;
        EventEnvelope end;
        try (OperationFollower.Mark mark = follower.mark(EXPERIMENT_EVENTS)) {
            JsonNode started = experiments.startDiscovery(context, body);
            discoveryId = started.path("discoveryId").asText();
            end = mark.follow(started.path("operationId").asText(), event -> {
                if ("discovery_progress".equals(event.type())) {
                    context.scope().emit("discovery_progress", event.data());
                }
            }, config.agent().discoveryTimeout(), cancelled::get);
        }
        ObjectNode answer = ToolResults.object().put("discoveryId", discoveryId);
        if (end == null) {
            return answer.put("status", cancelled.get() ? "cancelled" : "still_running")
                    .put("note", "the discovery goes on; its result will be at GET /api/v1/strategy-discovery/" + discoveryId);
        }
        JsonNode discovery = experiments.discovery(context, discoveryId);
        String status = discovery.path("status").asText();
        JsonNode result = discovery.path("result");
        if (!"completed".equals(status) || !result.isObject()) {
            return answer.put("status", status).put("error", discovery.path("error").asText("no result"));
        }
        answer.put("status", status)
                .put("report", "/api/v1/strategy-discovery/" + discoveryId + "/report");
        JsonNode strategies = result.path("strategies");
        if (strategies.isEmpty()) {
            return answer.put("note", "no strategy separated the controls: " + result.path("message").asText());
        }
        JsonNode chosen = chosen(strategies);
        answer.set("recommended", summary(chosen));
        answer.put("recommendedStepId", addToGraph(chosen.path("stepTree"), body.path("recordType").asText(), context));
        answer.set("graph", GraphEdits.overview(context.graph().current()));
        answer.put("crossValidatedScore", round(result.path("crossValidatedScore").asDouble()))
                .put("overfittingLevel", result.path("overfittingLevel").asText())
                .put("objective", result.path("objective").asText())
                .put("positives", result.path("positives").asInt())
                .put("negatives", result.path("negatives").asInt())
                .put("siteCalls", result.path("siteCalls").asInt())
                .put("budget", result.path("budget").asInt());
        if (result.path("budgetExhausted").asBoolean()) {
            answer.put("budgetExhausted", true);
        }
        if (result.path("profile").hasNonNull("summary")) {
            answer.put("whatDistinguishesThePositives", result.path("profile").path("summary").asText());
        }
        ArrayNode others = answer.putArray("alternatives");
        for (JsonNode strategy : strategies) {
            if (strategy != chosen && others.size() < ALTERNATIVES) {
                others.add(summary(strategy));
            }
        }
        if (!result.path("warnings").isEmpty()) {
            answer.set("warnings", result.path("warnings"));
        }
        return answer;
    }

    private static ObjectNode body(JsonNode arguments, ToolContext context) {
        String recordType = ToolArguments.recordType(arguments, context);
        ObjectNode body = ToolResults.object().put("siteId", context.siteId())
                .put("recordType", recordType == null ? "transcript" : recordType);
        ControlArguments.write(arguments, body);
        String objective = ToolArguments.optionalText(arguments, "objective");
        if (objective != null) {
            body.put("objective", objective);
        }
        if (arguments.hasNonNull("precisionFloor")) {
            body.set("precisionFloor", arguments.path("precisionFloor"));
        }
        if (arguments.hasNonNull("maxSteps")) {
            body.put("maxSteps", ToolArguments.integer(arguments, "maxSteps", 3, 1, 5));
        }
        if (arguments.hasNonNull("budget")) {
            body.put("budget", ToolArguments.integer(arguments, "budget", 300, 20, 2000));
        }
        return body;
    }

    private static JsonNode chosen(JsonNode strategies) {
        for (JsonNode strategy : strategies) {
            if (strategy.path("chosen").asBoolean()) {
                return strategy;
            }
        }
        return strategies.get(0);
    }

    /** The strategy's steps added to the graph and counted on the site; answers its root's step id. */
    private String addToGraph(JsonNode tree, String recordType, ToolContext context) {
        DiscoveredGraph.Steps steps;
        try {
            steps = DiscoveredGraph.of(tree, recordType, () -> context.graph().reserveStepId(),
                    searchName -> label(context, recordType, searchName));
        } catch (IllegalArgumentException e) {
            throw new ToolRefusal("the discovery's strategy could not be read as steps: " + e.getMessage());
        }
        edits.countAndCommit(context, steps::addedTo, steps.rootId(), "created");
        return steps.rootId();
    }

    private String label(ToolContext context, String recordType, String searchName) {
        try {
            return edits.shape(context, recordType, searchName).displayName();
        } catch (ToolRefusal | PeerFailure e) {
            // the step keeps the search's own name; counting it will say what the site thinks of it
            return searchName;
        }
    }

    private static ObjectNode summary(JsonNode strategy) {
        ObjectNode out = ToolResults.object().put("rank", strategy.path("rank").asInt())
                .put("description", strategy.path("description").asText())
                .put("score", round(strategy.path("score").asDouble()))
                .put("steps", strategy.path("steps").asInt());
        if (strategy.hasNonNull("resultSize")) {
            out.put("resultSizeOnSite", strategy.path("resultSize").asLong());
        }
        JsonNode metrics = strategy.path("metrics");
        for (String name : List.of("sensitivity", "specificity", "precision", "f1Score", "mcc")) {
            if (metrics.hasNonNull(name)) {
                out.put(name, round(metrics.path(name).asDouble()));
            }
        }
        return out;
    }

    private static double round(double value) {
        return Math.round(value * 10_000) / 10_000.0;
    }
}
