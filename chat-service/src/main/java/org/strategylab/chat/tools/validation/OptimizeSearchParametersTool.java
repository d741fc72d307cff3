package org.strategylab.chat.tools.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.strategylab.chat.client.OperationFollower;
import org.strategylab.chat.config.ChatConfig;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StepKind;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolResults;
import org.strategylab.chat.tools.workbench.ExperimentCalls;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.chat.tools.UserAction;

/**
 * {@code optimize_search_parameters}: tunes parameters of one search against control genes with
 * experiment-service's parameter optimisation. It runs as an experiment the user owns (so the
 * trials stay to browse in the workbench), started as the caller; the tool follows the
 * experiment's operation on its events topic and relays each {@code optimization_progress}
 * payload into the chat stream, then answers the best trial, the baseline and the parameter
 * sensitivity. A cancelled turn stops following; the experiment runs on in the workbench.
 */
@ApplicationScoped
public class OptimizeSearchParametersTool implements AgentTool {

    /** experiment-service's events topic (its operations' events). */
    static final String EXPERIMENT_EVENTS = "experiment.events";
    static final int DEFAULT_BUDGET = 20;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Inject
    ExperimentCalls experiments;

    @Inject
    OperationFollower follower;

    @Inject
    ChatConfig config;

    @Override
    public String name() {
        return "optimize_search_parameters";
    }

    @Override
    public String description() {
        return "Tune parameters of one search against control genes: give a search step of the strategy (stepId) or a"
                + " searchName with its parameters, the parameters to vary (parameterSpace: name, type numeric|integer|"
                + "categorical, min/max/step or choices) and the controls. Runs trials on the site (it takes a while; the"
                + " user sees progress) and answers the best setting, how it compares with the current one and which"
                + " parameters matter. The run is kept as an experiment the user can open in the workbench.";
    }

    @Override
    public String group() {
        return "optimization";
    }

    @Override
    public Optional<UserAction> userAction() {
        return Optional.of(UserAction.OPTIMISE);
    }

    @Override
    public Optional<Duration> timeout() {
        return Optional.of(config.agent().optimizationTimeout().plusSeconds(30));
    }

    @Override
    public JsonObjectSchema arguments() {
        JsonObjectSchema spec = JsonObjectSchema.builder()
                .addStringProperty("name", "the parameter's name")
                .addEnumProperty("type", java.util.List.of("numeric", "integer", "categorical"))
                .addNumberProperty("min", "lowest value (numeric, integer)")
                .addNumberProperty("max", "highest value (numeric, integer)")
                .addNumberProperty("step", "step between values (optional)")
                .addProperty("choices", JsonArraySchema.builder().items(new JsonStringSchema())
                        .description("the values to try (categorical)").build())
                .required("name", "type").build();
        return ControlArguments.add(JsonObjectSchema.builder()
                        .addStringProperty("stepId", "a search step of the strategy to tune (its search and parameters)")
                        .addStringProperty("searchName", "the search to tune, when not a step of the strategy")
                        .addProperty("parameters", JsonObjectSchema.builder()
                                .description("the search's parameter values (the ones not tuned stay at these)").build())
                        .addProperty("parameterSpace", JsonArraySchema.builder().items(spec)
                                .description("the parameters to vary").build())
                        .addStringProperty("objective", "balanced_accuracy (default), f1, mcc, recall, precision,"
                                + " specificity, youdens_j")
                        .addIntegerProperty("budget", "trials to run (5-200, default " + DEFAULT_BUDGET + ")"))
                .required("parameterSpace").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        ObjectNode body = body(arguments, context);
        AtomicBoolean cancelled = new AtomicBoolean();
        context.scope().whenCancelled(() -> cancelled.set(true));
        String operationId;
        String experimentId;
        EventEnvelope end;
        try (OperationFollower.Mark mark = follower.mark(EXPERIMENT_EVENTS)) {
            JsonNode started = experiments.start(context, body);
            operationId = started.path("operationId").asText();
            experimentId = started.path("experimentId").asText();
            end = mark.follow(operationId, event -> {
                JsonNode progress = event.data().path("trialProgress");
                if ("experiment_progress".equals(event.type()) && progress.isObject()) {
                    context.scope().emit("optimization_progress", progress);
                }
            }, config.agent().optimizationTimeout(), cancelled::get);
        }
        ObjectNode result = ToolResults.object().put("experimentId", experimentId);
        if (end == null) {
            return result.put("status", cancelled.get() ? "cancelled" : "still_running")
                    .put("note", "the optimisation goes on as experiment " + experimentId + " in the user's workbench");
        }
        JsonNode experiment = experiments.experiment(context, experimentId);
        if (!"completed".equals(experiment.path("status").asText())) {
            return result.put("status", experiment.path("status").asText()).put("error", experiment.path("error").asText());
        }
        return summary(result, experiment.path("optimizationResult"));
    }

    private static ObjectNode body(JsonNode arguments, ToolContext context) {
        ObjectNode body = ToolResults.object().put("siteId", context.siteId())
                .put("recordType", ToolArguments.recordType(arguments, context) == null ? "transcript"
                        : ToolArguments.recordType(arguments, context));
        String stepId = ToolArguments.optionalText(arguments, "stepId");
        String searchName;
        Map<String, Object> parameters;
        if (stepId != null) {
            GraphStep step = context.graph().current().step(stepId)
                    .orElseThrow(() -> new ToolRefusal("step " + stepId + " does not exist"));
            if (step.kind() != StepKind.SEARCH) {
                throw new ToolRefusal("step " + stepId + " is a " + step.kind().name().toLowerCase()
                        + " step; name a search step");
            }
            searchName = step.searchName();
            parameters = new java.util.LinkedHashMap<>(step.parameters() == null ? Map.of() : step.parameters());
            parameters.putAll(ToolArguments.object(arguments, "parameters"));
        } else {
            searchName = ToolArguments.optionalText(arguments, "searchName");
            if (searchName == null) {
                throw new ToolRefusal("name the search to tune: a stepId of the strategy, or a searchName with its parameters");
            }
            parameters = ToolArguments.object(arguments, "parameters");
        }
        JsonNode space = arguments.path("parameterSpace");
        if (space.isTextual()) {
            try {
                space = MAPPER.readTree(space.asText());
            } catch (java.io.IOException e) {
                throw new ToolRefusal("parameterSpace must be a list of {name, type, min, max, step, choices}");
            }
        }
        if (!space.isArray() || space.isEmpty()) {
            throw new ToolRefusal("give parameterSpace: the parameters to vary, each {name, type, min, max, step?} or"
                    + " {name, type: categorical, choices}");
        }
        body.put("name", "Parameter optimisation: " + searchName).put("searchName", searchName);
        body.set("parameters", MAPPER.valueToTree(parameters));
        ControlArguments.write(arguments, body);
        body.set("optimizationSpecs", space);
        body.put("optimizationBudget", ToolArguments.integer(arguments, "budget", DEFAULT_BUDGET, 5, 200));
        String objective = ToolArguments.optionalText(arguments, "objective");
        if (objective != null) {
            body.put("optimizationObjective", objective);
        }
        return body;
    }

    private static ObjectNode summary(ObjectNode result, JsonNode optimization) {
        result.put("status", optimization.path("status").asText())
                .put("objective", optimization.path("objective").asText())
                .put("trialsRun", optimization.path("allTrials").size())
                .put("budget", optimization.path("totalTrials").asInt());
        if (optimization.hasNonNull("stopReason")) {
            result.put("stoppedBecause", optimization.path("stopReason").asText());
        }
        JsonNode first = optimization.path("allTrials").path(0);
        if (!first.isMissingNode()) {
            result.set("currentSetting", trial(first));
        }
        if (optimization.hasNonNull("bestTrial")) {
            result.set("best", trial(optimization.path("bestTrial")));
        }
        result.set("sensitivity", optimization.path("sensitivity"));
        ArrayNode frontier = result.putArray("recallVersusFalsePositives");
        for (int i = 0; i < Math.min(5, optimization.path("paretoFrontier").size()); i++) {
            frontier.add(trial(optimization.path("paretoFrontier").get(i)));
        }
        return result;
    }

    private static ObjectNode trial(JsonNode trial) {
        ObjectNode out = ToolResults.object().put("trial", trial.path("trialNumber").asInt());
        out.set("parameters", trial.path("parameters"));
        out.put("score", Math.round(trial.path("score").asDouble() * 10_000) / 10_000.0);
        if (trial.hasNonNull("recall")) {
            out.put("recall", Math.round(trial.path("recall").asDouble() * 10_000) / 10_000.0)
                    .put("falsePositiveRate", Math.round(trial.path("falsePositiveRate").asDouble() * 10_000) / 10_000.0)
                    .put("resultCount", trial.path("resultCount").asLong());
        }
        if (trial.hasNonNull("error")) {
            out.put("error", trial.path("error").asText());
        }
        return out;
    }
}
