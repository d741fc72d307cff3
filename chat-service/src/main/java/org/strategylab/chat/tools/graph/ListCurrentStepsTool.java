package org.strategylab.chat.tools.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolResults;

/** {@code list_current_steps}: the strategy as it stands. */
@ApplicationScoped
public class ListCurrentStepsTool implements AgentTool {

    @Override
    public String name() {
        return "list_current_steps";
    }

    @Override
    public String description() {
        return "The strategy's steps as they stand: ids, kinds, searches, parameter values, inputs and result counts, "
                + "and which steps are tops of separate parts (roots).";
    }

    @Override
    public String group() {
        return "graph";
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder().build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        StrategyGraph graph = context.graph().current();
        ObjectNode result = ToolResults.object().put("strategyName", context.graph().name())
                .put("recordType", graph.recordType());
        ArrayNode steps = result.putArray("steps");
        graph.steps().forEach(step -> steps.add(GraphEdits.describe(step)));
        result.set("graph", GraphEdits.overview(graph));
        return result;
    }
}
