package org.strategylab.chat.tools.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.StepTrees;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolResults;
import org.strategylab.chat.tools.graph.GraphEdits;
import org.strategylab.chat.tools.workbench.ExperimentCalls;

/**
 * {@code run_control_tests}: the strategy (or one of its steps) counted on the site against control
 * genes through experiment-service's evaluator ({@code POST /api/v1/control-tests}); the metrics,
 * the positives it misses and the negatives it holds go back to the model. Nothing is stored.
 */
@ApplicationScoped
public class RunControlTestsTool implements AgentTool {

    /** IDs of each list shown to the model; the counts are always whole. */
    static final int SHOWN_IDS = 25;

    @Inject
    ExperimentCalls experiments;

    @Override
    public String name() {
        return "run_control_tests";
    }

    @Override
    public String description() {
        return "Test the strategy (default: its root step) or one of its steps against control genes on the site:"
                + " known positives it should hold and negatives it should leave out. Answers sensitivity,"
                + " specificity, precision, F1, MCC, the result size, which positives it misses and which negatives"
                + " it holds. Use it to check a strategy before recommending it.";
    }

    @Override
    public String group() {
        return "research";
    }

    @Override
    public JsonObjectSchema arguments() {
        return ControlArguments.add(JsonObjectSchema.builder()
                .addStringProperty("stepId", "the step to test (default: the root)")).build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        StrategyGraph graph = context.graph().current();
        String stepId = GraphEdits.namedOrRoot(graph, arguments).id();
        ObjectNode body = ToolResults.object().put("siteId", context.siteId()).put("mode", "multi-step")
                .put("recordType", graph.recordType() == null ? "transcript" : graph.recordType());
        body.set("stepTree", StepTrees.tree(graph, stepId));
        ControlArguments.write(arguments, body);
        JsonNode answer = experiments.controlTest(context, body);
        ObjectNode result = ToolResults.object().put("stepId", stepId).put("resultCount", answer.path("resultCount").asLong());
        JsonNode m = answer.path("metrics");
        // counts are genes; the transcript rows beside them only where they differ
        if (m.path("totalTranscripts").canConvertToLong() && m.path("totalTranscripts").asLong() != answer.path("resultCount").asLong()) {
            result.put("transcriptCount", m.path("totalTranscripts").asLong());
        }
        ObjectNode metrics = result.putObject("metrics");
        for (String name : new String[]{"sensitivity", "specificity", "precision", "f1Score", "mcc", "balancedAccuracy"}) {
            metrics.put(name, Math.round(m.path(name).asDouble() * 10_000) / 10_000.0);
        }
        result.put("positivesFound", answer.path("truePositiveIds").size());
        result.put("positivesTotal", answer.path("truePositiveIds").size() + answer.path("falseNegativeIds").size());
        result.put("negativesFound", answer.path("falsePositiveIds").size());
        result.put("negativesTotal", answer.path("falsePositiveIds").size() + answer.path("trueNegativeIds").size());
        result.set("missedPositives", ControlArguments.sample(answer.path("falseNegativeIds"), SHOWN_IDS));
        result.set("negativesHeld", ControlArguments.sample(answer.path("falsePositiveIds"), SHOWN_IDS));
        return result;
    }
}
