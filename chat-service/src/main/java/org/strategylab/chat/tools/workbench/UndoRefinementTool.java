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

/**
 * {@code undo_refinement()}: the experiment's latest refinement undone in one step (issue 38 item 4):
 * it is back at its previous version exactly as that was — figures, analyses and result on the site.
 */
@ApplicationScoped
public class UndoRefinementTool implements AgentTool {

    @Inject
    ExperimentCalls experiments;

    @Override
    public String name() {
        return "undo_refinement";
    }

    @Override
    public String description() {
        return "Undo the experiment's latest refinement (add_search_step or refine_with_gene_ids): the experiment goes "
                + "back to its previous version exactly as it was, metrics included. Answers the version it is at now.";
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
        JsonNode experiment = experiments.undo(context);
        ObjectNode result = ToolResults.object().put("undone", true)
                .put("experimentId", ExperimentCalls.experimentId(context))
                .put("version", experiment.path("version").asInt())
                .put("metricsStale", experiment.path("metricsStale").asBoolean());
        result.set("metrics", experiment.path("metrics"));
        return result;
    }
}
