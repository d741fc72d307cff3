package org.strategylab.chat.tools.workbench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRegistry;
import org.strategylab.chat.tools.ToolResults;

/** {@code re_evaluate_controls()} (rule 4.5.16): the experiment's metrics recomputed on its current result. */
@ApplicationScoped
public class ReEvaluateControlsTool implements AgentTool {

    @Inject
    ExperimentCalls experiments;

    @Override
    public String name() {
        return "re_evaluate_controls";
    }

    @Override
    public String description() {
        return "Recompute the experiment's metrics against its control genes on its current result (after a "
                + "refinement, its metrics are stale until then). Answers the new metrics.";
    }

    @Override
    public String group() {
        return ToolRegistry.WORKBENCH;
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder().build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        JsonNode experiment = experiments.reEvaluate(context);
        ObjectNode result = ToolResults.object().put("experimentId", ExperimentCalls.experimentId(context))
                .put("status", experiment.path("status").asText());
        JsonNode metrics = experiment.path("results").path("metrics");
        result.set("metrics", metrics.isMissingNode() ? experiment.path("metrics") : metrics);
        return result;
    }
}
