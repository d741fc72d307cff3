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
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.strategylab.eventlog.EventEnvelope;

/**
 * The analyses of an experiment that has run, through experiment-service's endpoints as the caller:
 * cross-validation, threshold sweep, step analysis and parameter optimisation are operations followed
 * to their end with progress (an MCP cancellation cancels them); enrichment, custom enrichment,
 * overlap and the enrichment comparison answer inside the request.
 */
public class AnalysisTools {

    @Inject
    @RestClient
    ExperimentApi experiments;

    @Inject
    McpCaller caller;

    @Inject
    McpFailures failures;

    @Inject
    McpResults results;

    @Inject
    OperationProgress operations;

    @Inject
    McpConfig config;

    @Inject
    ObjectMapper mapper;

    /** An analysis's outcome: its operation's status and its result as experiment-service gives it. */
    public record Analysis(String experimentId, String operationId, String analysis, String status,
                           Map<String, Object> result, String error) {
    }

    @Tool(name = "cross_validate", description = "Cross-validate a completed experiment of yours (k folds of its "
            + "controls); reports each fold as progress and answers the per-fold and mean figures.",
            outputSchema = @Tool.OutputSchema(from = Analysis.class))
    public ToolResponse crossValidate(
            @ToolArg(description = "the experiment's id") String experimentId,
            @ToolArg(description = "folds, 2 to 10", defaultValue = "5") int kFolds,
            Progress progress, Cancellation cancellation) {
        McpCaller.User user = caller.current();
        String id = experimentId(experimentId);
        McpArguments.range("kFolds", kFolds, 2, 10);
        ObjectNode body = mapper.createObjectNode().put("kFolds", kFolds);
        return follow(user, id, "crossValidation", progress, cancellation,
                () -> experiments.crossValidate(user.bearer(), id, body));
    }

    @Tool(name = "threshold_sweep", description = "Sweep one parameter of a completed experiment's search over a "
            + "range of numbers (numeric) or a list of values (categorical): each point's figures, reported as "
            + "progress as they finish.", outputSchema = @Tool.OutputSchema(from = Analysis.class))
    public ToolResponse thresholdSweep(
            @ToolArg(description = "the experiment's id") String experimentId,
            @ToolArg(description = "the parameter to vary") String parameterName,
            @ToolArg(description = "numeric (default) or categorical", required = false) String sweepType,
            @ToolArg(description = "numeric: the smallest value", required = false) Double minValue,
            @ToolArg(description = "numeric: the largest value", required = false) Double maxValue,
            @ToolArg(description = "numeric: how many points, 3 to 50", required = false) Integer steps,
            @ToolArg(description = "categorical: the values to try", required = false) List<String> values,
            Progress progress, Cancellation cancellation) {
        McpCaller.User user = caller.current();
        String id = experimentId(experimentId);
        ObjectNode body = mapper.createObjectNode().put("parameterName", McpArguments.name("parameterName", parameterName));
        if (sweepType != null) {
            body.put("sweepType", sweepType);
        }
        if (minValue != null) {
            body.put("minValue", minValue);
        }
        if (maxValue != null) {
            body.put("maxValue", maxValue);
        }
        if (steps != null) {
            body.put("steps", steps);
        }
        if (values != null) {
            body.set("values", mapper.valueToTree(values));
        }
        return follow(user, id, "thresholdSweep", progress, cancellation,
                () -> experiments.thresholdSweep(user.bearer(), id, body));
    }

    @Tool(name = "step_analysis", description = "Analyse each step of a completed tree or search experiment: "
            + "each step's own figures, other operators at each combine, each step's contribution, and the "
            + "sensitivity of its parameters.", outputSchema = @Tool.OutputSchema(from = Analysis.class))
    public ToolResponse stepAnalysis(
            @ToolArg(description = "the experiment's id") String experimentId,
            @ToolArg(description = "phases: step_evaluation, operator_comparison, contribution, sensitivity (default all)",
                    required = false) List<String> phases,
            Progress progress, Cancellation cancellation) {
        McpCaller.User user = caller.current();
        String id = experimentId(experimentId);
        ObjectNode body = mapper.createObjectNode();
        if (phases != null) {
            body.set("phases", mapper.valueToTree(phases));
        }
        return follow(user, id, "stepAnalysis", progress, cancellation,
                () -> experiments.stepAnalysis(user.bearer(), id, body));
    }

    /** Enrichment results, one per analysis type. */
    public record Enrichment(String experimentId, List<Map<String, Object>> results) {
    }

    @Tool(name = "enrich", description = "GO, pathway or word enrichment of a completed experiment's result, run by "
            + "the site (terms with fold enrichment, p-value, FDR, Bonferroni and genes).",
            outputSchema = @Tool.OutputSchema(from = Enrichment.class))
    public ToolResponse enrich(
            @ToolArg(description = "the experiment's id") String experimentId,
            @ToolArg(description = "go_function, go_component, go_process, pathway, word") List<String> enrichmentTypes) {
        McpCaller.User user = caller.current();
        String id = experimentId(experimentId);
        ObjectNode body = mapper.createObjectNode();
        body.set("enrichmentTypes", mapper.valueToTree(enrichmentTypes));
        JsonNode answer = failures.tool(ExperimentTools.EXPERIMENTS, "running the enrichment",
                () -> experiments.enrich(user.bearer(), id, body));
        return results.structured(new Enrichment(id,
                mapper.convertValue(answer, new TypeReference<List<Map<String, Object>>>() { })));
    }

    @Tool(name = "optimize_parameter", description = "Tune one parameter of a completed search experiment for an "
            + "objective (trials run on the site, reported as progress): the trials, the best value, the Pareto "
            + "frontier of recall and false positives, and the parameter's sensitivity.",
            outputSchema = @Tool.OutputSchema(from = Analysis.class))
    public ToolResponse optimizeParameter(
            @ToolArg(description = "the experiment's id") String experimentId,
            @ToolArg(description = "the parameter to tune") String parameterName,
            @ToolArg(description = "numeric, integer or categorical") String type,
            @ToolArg(description = "numeric or integer: the smallest value", required = false) Double min,
            @ToolArg(description = "numeric or integer: the largest value", required = false) Double max,
            @ToolArg(description = "numeric or integer: the step between values", required = false) Double step,
            @ToolArg(description = "categorical: the values to try", required = false) List<String> choices,
            @ToolArg(description = "f1 (default), mcc, precision, recall, precision_at_K …", required = false) String objective,
            @ToolArg(description = "trials, 5 to 200", required = false) Integer budget,
            Progress progress, Cancellation cancellation) {
        McpCaller.User user = caller.current();
        String id = experimentId(experimentId);
        ObjectNode spec = mapper.createObjectNode().put("name", McpArguments.name("parameterName", parameterName))
                .put("type", McpArguments.name("type", type));
        if (min != null) {
            spec.put("min", min);
        }
        if (max != null) {
            spec.put("max", max);
        }
        if (step != null) {
            spec.put("step", step);
        }
        if (choices != null) {
            spec.set("choices", mapper.valueToTree(choices));
        }
        ObjectNode body = mapper.createObjectNode();
        body.putArray("specs").add(spec);
        if (objective != null) {
            body.put("objective", objective);
        }
        if (budget != null) {
            body.put("budget", budget);
        }
        return follow(user, id, "optimizationResult", progress, cancellation,
                () -> experiments.parameterOptimization(user.bearer(), id, body));
    }

    /** An answer experiment-service gives inside the request, as it gives it. */
    public record Answer(String analysis, Map<String, Object> result) {
    }

    @Tool(name = "custom_enrich", description = "Enrichment of a gene set of your own in a completed experiment's "
            + "result (an exact hypergeometric test within a background: the experiment's organism by default).",
            outputSchema = @Tool.OutputSchema(from = Answer.class))
    public ToolResponse customEnrich(
            @ToolArg(description = "the experiment's id") String experimentId,
            @ToolArg(description = "a name for the gene set") String geneSetName,
            @ToolArg(description = "the gene set's IDs") List<String> geneIds,
            @ToolArg(description = "the background's IDs (default: the experiment's organism)", required = false)
            List<String> backgroundIds) {
        McpCaller.User user = caller.current();
        String id = experimentId(experimentId);
        ObjectNode body = mapper.createObjectNode().put("geneSetName", McpArguments.name("geneSetName", geneSetName));
        body.set("geneIds", mapper.valueToTree(geneIds == null ? List.of() : geneIds));
        if (backgroundIds != null) {
            body.set("backgroundIds", mapper.valueToTree(backgroundIds));
        }
        return answer("customEnrichment", failures.tool(ExperimentTools.EXPERIMENTS, "running the enrichment",
                () -> experiments.customEnrich(user.bearer(), id, body)));
    }

    @Tool(name = "overlap", description = "The gene-set overlap of two or more of your experiments (pairwise and "
            + "shared genes): an experiment's genes are its predicted positives by default, or its whole result.",
            outputSchema = @Tool.OutputSchema(from = Answer.class))
    public ToolResponse overlap(
            @ToolArg(description = "2 to 50 experiment ids") List<String> experimentIds,
            @ToolArg(description = "predicted-positives (default) or result", required = false) String basis) {
        McpCaller.User user = caller.current();
        ObjectNode body = mapper.createObjectNode();
        body.set("experimentIds", mapper.valueToTree(experimentIds == null ? List.of() : experimentIds));
        if (basis != null) {
            body.put("basis", basis);
        }
        return answer("overlap", failures.tool(ExperimentTools.EXPERIMENTS, "comparing the experiments",
                () -> experiments.overlap(user.bearer(), body)));
    }

    @Tool(name = "compare_enrichment", description = "The fold enrichment of every stored enrichment term across two "
            + "or more of your experiments, optionally of one analysis type.",
            outputSchema = @Tool.OutputSchema(from = Answer.class))
    public ToolResponse compareEnrichment(
            @ToolArg(description = "2 to 50 experiment ids") List<String> experimentIds,
            @ToolArg(description = "go_function, go_component, go_process, pathway or word", required = false)
            String analysisType) {
        McpCaller.User user = caller.current();
        ObjectNode body = mapper.createObjectNode();
        body.set("experimentIds", mapper.valueToTree(experimentIds == null ? List.of() : experimentIds));
        if (analysisType != null) {
            body.put("analysisType", analysisType);
        }
        return answer("enrichmentComparison", failures.tool(ExperimentTools.EXPERIMENTS, "comparing the enrichments",
                () -> experiments.enrichmentCompare(user.bearer(), body)));
    }

    private ToolResponse answer(String analysis, JsonNode answer) {
        return results.structured(new Answer(analysis, mapper.convertValue(answer,
                new TypeReference<Map<String, Object>>() { })));
    }

    private ToolResponse follow(McpCaller.User user, String experimentId, String field, Progress progress,
                                Cancellation cancellation, Supplier<JsonNode> start) {
        OperationProgress.Outcome outcome = operations.run(ExperimentTools.EVENTS_TOPIC, user.id(), () -> failures.tool(
                ExperimentTools.EXPERIMENTS, "starting the analysis", start).path("operationId").asText(),
                ExperimentTools::progressMessage, progress, cancellation, config.operationWait());
        EventEnvelope end = outcome.terminal();
        Map<String, Object> result;
        String status;
        String error = null;
        if (end == null) {
            status = "running";
            result = null;
        } else if (end.type().equals("sweep_complete")) {
            status = end.data().path("cancelled").asBoolean() ? "cancelled" : "completed";
            result = mapper.convertValue(end.data(), new TypeReference<Map<String, Object>>() { });
        } else {
            status = end.data().path("status").asText(end.type());
            JsonNode view = failures.tool(ExperimentTools.EXPERIMENTS, "reading the experiment",
                    () -> experiments.experiment(user.bearer(), experimentId));
            result = view.path(field).isObject()
                    ? mapper.convertValue(view.path(field), new TypeReference<Map<String, Object>>() { }) : null;
            error = view.path("error").asText(null);
        }
        return results.structured(new Analysis(experimentId, outcome.operationId(), field, status, result, error));
    }

    private static String experimentId(String experimentId) {
        if (!McpArguments.isUuid(experimentId)) {
            throw McpFailures.notFound("no experiment " + experimentId + " of yours");
        }
        return experimentId;
    }
}
