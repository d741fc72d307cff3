package org.strategylab.chat.mcp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkiverse.mcp.server.Cancellation;
import io.quarkiverse.mcp.server.Progress;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.index.OperationsIndex;

/**
 * Experiments as MCP tools, through experiment-service's own API as the caller: start one in any mode
 * (a search, a step tree, a gene list) and follow it to its end with progress notifications, read
 * one, list them, and cancel an operation.
 */
public class ExperimentTools {

    static final String EXPERIMENTS = "experiment-service";
    static final String EVENTS_TOPIC = "experiment.events";

    @Inject
    @RestClient
    ExperimentApi experiments;

    @Inject
    McpCaller caller;

    @Inject
    McpResults results;

    @Inject
    McpFailures failures;

    @Inject
    OperationProgress operations;

    @Inject
    OperationsIndex index;

    @Inject
    StrategyTools strategies;

    @Inject
    McpConfig config;

    @Inject
    ObjectMapper mapper;

    /** Where an experiment's MCP resources are. */
    public record Resources(String experiment, String records, String report) {

        static Resources of(String experimentId) {
            String base = ExperimentResources.SCHEME + experimentId;
            return new Resources(base, base + "/records", base + "/report");
        }
    }

    /** An experiment as the tools answer it: its state and figures, and its resources. */
    public record Experiment(String experimentId, String operationId, String name, String siteId, String mode,
                             String status, Long resultCount, Map<String, Object> metrics, String error,
                             int version, Resources resources) {
    }

    @Tool(name = "run_experiment", description = "Evaluate a search, a strategy's step tree or a gene list against "
            + "control genes: the experiment runs on the site as the signed-in user and this call reports its "
            + "progress and waits for its figures (sensitivity, specificity, precision, F1, MCC ...), unless wait is "
            + "false. Give searchName + parameters (search mode), strategyId or stepTree (tree mode) or targetGeneIds (gene-list "
            + "mode), and positiveControls (and negativeControls) or controlSetId. Cancelling the call cancels the run.",
            outputSchema = @Tool.OutputSchema(from = Experiment.class))
    public ToolResponse runExperiment(
            @ToolArg(description = "the site's id, e.g. plasmodb") String siteId,
            @ToolArg(description = "a name for the experiment", required = false) String name,
            @ToolArg(description = "search mode: the search's name", required = false) String searchName,
            @ToolArg(description = "search mode: the search's parameter values by name", required = false)
            Map<String, Object> parameters,
            @ToolArg(description = "tree mode: the step tree ({searchName, parameters, primaryInput?, secondaryInput?, operator?})",
                    required = false) Map<String, Object> stepTree,
            @ToolArg(description = "tree mode: one of your strategies (create_strategy), its whole tree evaluated",
                    required = false) String strategyId,
            @ToolArg(description = "gene-list mode: the genes to evaluate", required = false) List<String> targetGeneIds,
            @ToolArg(description = "genes that should be in the result", required = false) List<String> positiveControls,
            @ToolArg(description = "genes that should not be in the result", required = false) List<String> negativeControls,
            @ToolArg(description = "a control set of yours instead of the lists", required = false) String controlSetId,
            @ToolArg(description = "record type (default transcript)", required = false) String recordType,
            @ToolArg(description = "also cross-validate (kFolds folds)", required = false) Boolean enableCrossValidation,
            @ToolArg(description = "folds of the cross-validation, 2 to 10", required = false) Integer kFolds,
            @ToolArg(description = "enrichment analyses to run: go_function, go_component, go_process, pathway, word",
                    required = false) List<String> enrichmentTypes,
            @ToolArg(description = "also analyse each step of a strategy", required = false) Boolean enableStepAnalysis,
            @ToolArg(description = "wait for the end (default true); false answers at once with the run going on",
                    defaultValue = "true") boolean wait,
            Progress progress, Cancellation cancellation) {
        McpCaller.User user = caller.current();
        ObjectNode body = mapper.createObjectNode();
        body.put("siteId", McpArguments.name("siteId", siteId));
        putIfSet(body, "name", name);
        putIfSet(body, "searchName", searchName);
        putIfSet(body, "parameters", parameters);
        putIfSet(body, "stepTree", stepTree);
        if (strategyId != null && !strategyId.isBlank()) {
            if (stepTree != null) {
                throw McpFailures.invalidArgument("strategyId", "give a strategyId or a stepTree, not both");
            }
            putIfSet(body, "stepTree", strategies.stepTree(user, strategyId));
        }
        putIfSet(body, "targetGeneIds", targetGeneIds);
        putIfSet(body, "positiveControls", positiveControls);
        putIfSet(body, "negativeControls", negativeControls);
        putIfSet(body, "controlSetId", controlSetId);
        putIfSet(body, "recordType", recordType);
        putIfSet(body, "enableCrossValidation", enableCrossValidation);
        putIfSet(body, "kFolds", kFolds);
        putIfSet(body, "enrichmentTypes", enrichmentTypes);
        putIfSet(body, "enableStepAnalysis", enableStepAnalysis);
        String[] experimentId = new String[1];
        if (!wait) {
            JsonNode started = failures.tool(EXPERIMENTS, "starting the experiment",
                    () -> experiments.start(user.bearer(), body));
            return results.structured(read(user, started.path("experimentId").asText(), started.path("operationId").asText()));
        }
        OperationProgress.Outcome outcome = operations.run(EVENTS_TOPIC, user.id(), () -> {
            JsonNode started = failures.tool(EXPERIMENTS, "starting the experiment",
                    () -> experiments.start(user.bearer(), body));
            experimentId[0] = started.path("experimentId").asText();
            return started.path("operationId").asText();
        }, ExperimentTools::progressMessage, progress, cancellation, config.operationWait());
        return results.structured(read(user, experimentId[0], outcome.operationId()));
    }

    @Tool(name = "get_experiment", description = "One of your experiments: its state, figures and error, and the "
            + "URIs of its resources (the experiment, its classified records, its HTML report).", outputSchema = @Tool.OutputSchema(from = Experiment.class))
    public ToolResponse getExperiment(@ToolArg(description = "the experiment's id") String experimentId) {
        McpCaller.User user = caller.current();
        return results.structured(read(user, experimentId, null));
    }

    /** One experiment in a list. */
    public record ExperimentRow(String experimentId, String name, String siteId, String mode, String status,
                                Double f1Score, Double sensitivity, Double specificity, String createdAt, String error) {
    }

    /** A page of experiments, newest first. */
    public record ExperimentList(long total, int limit, int offset, List<ExperimentRow> items) {
    }

    @Tool(name = "list_experiments", description = "Your experiments, newest first, optionally of one site or status "
            + "(pending, running, completed, error, cancelled).", outputSchema = @Tool.OutputSchema(from = ExperimentList.class))
    public ToolResponse listExperiments(
            @ToolArg(description = "only this site's", required = false) String siteId,
            @ToolArg(description = "only those with this status", required = false) String status,
            @ToolArg(description = "most to answer, 1 to 200", defaultValue = "20") int limit,
            @ToolArg(description = "how many to skip", defaultValue = "0") int offset) {
        McpCaller.User user = caller.current();
        McpArguments.range("limit", limit, 1, 200);
        McpArguments.range("offset", offset, 0, Integer.MAX_VALUE);
        JsonNode page = failures.tool(EXPERIMENTS, "listing the experiments",
                () -> experiments.list(user.bearer(), blankToNull(siteId), blankToNull(status), limit, offset));
        List<ExperimentRow> rows = new java.util.ArrayList<>();
        for (JsonNode item : page.path("items")) {
            rows.add(new ExperimentRow(item.path("id").asText(), item.path("name").asText(null),
                    item.path("siteId").asText(null), item.path("mode").asText(null), item.path("status").asText(null),
                    number(item.path("f1Score")), number(item.path("sensitivity")), number(item.path("specificity")),
                    item.path("createdAt").asText(null), item.path("error").asText(null)));
        }
        return results.structured(new ExperimentList(page.path("total").asLong(), limit, offset, rows));
    }

    /** A cancel request's outcome. */
    public record CancelRequested(String operationId, boolean cancelRequested) {
    }

    @Tool(name = "cancel_operation", description = "Cancel one of your running operations (an experiment run or an "
            + "analysis started with wait=false) by its operationId.", outputSchema = @Tool.OutputSchema(from = CancelRequested.class))
    public ToolResponse cancelOperation(@ToolArg(description = "the operation's id") String operationId) {
        McpCaller.User user = caller.current();
        if (!McpArguments.isUuid(operationId)) {
            throw McpFailures.notFound("no running operation " + operationId + " of yours");
        }
        boolean flagged = index.requestCancel(UUID.fromString(operationId), user.id()).await().atMost(Duration.ofSeconds(10));
        if (!flagged) {
            throw McpFailures.notFound("no running operation " + operationId + " of yours");
        }
        return results.structured(new CancelRequested(operationId, true));
    }

    Experiment read(McpCaller.User user, String experimentId, String operationId) {
        if (!McpArguments.isUuid(experimentId)) {
            throw McpFailures.notFound("no experiment " + experimentId + " of yours");
        }
        JsonNode view = failures.tool(EXPERIMENTS, "reading the experiment",
                () -> experiments.experiment(user.bearer(), experimentId));
        Map<String, Object> metrics = view.path("metrics").isObject()
                ? mapper.convertValue(view.path("metrics"), new TypeReference<Map<String, Object>>() { }) : null;
        return new Experiment(experimentId, operationId != null ? operationId : view.path("operationId").asText(null),
                view.path("name").asText(null), view.path("siteId").asText(null),
                view.path("config").path("mode").asText(null), view.path("status").asText(null),
                view.path("resultCount").isNumber() ? view.path("resultCount").asLong() : null, metrics,
                view.path("error").asText(null), view.path("version").asInt(1), Resources.of(experimentId));
    }

    /** What a progress notification says about one event of an experiment's operation. */
    static String progressMessage(EventEnvelope event) {
        JsonNode data = event.data();
        return switch (event.type()) {
            case "experiment_progress" -> {
                String phase = data.path("phase").asText("running");
                String text = data.path("message").asText("");
                if (data.has("cvFoldIndex")) {
                    text = "fold " + (data.path("cvFoldIndex").asInt() + 1) + " of " + data.path("cvTotalFolds").asInt();
                }
                yield text.isBlank() ? phase : phase + ": " + text;
            }
            case "sweep_point" -> "point " + data.path("completedCount").asInt() + " of " + data.path("totalCount").asInt();
            case "experiment_error" -> "error: " + data.path("error").asText("");
            default -> null;
        };
    }

    private void putIfSet(ObjectNode body, String field, Object value) {
        if (value instanceof String text && text.isBlank()) {
            return;
        }
        if (value != null) {
            body.set(field, mapper.valueToTree(value));
        }
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }

    private static Double number(JsonNode node) {
        return node.isNumber() ? node.asDouble() : null;
    }
}
