package org.strategylab.chat.tools.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.persistence.GraphDocuments;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolResults;

/**
 * {@code undo_last_change}: puts the conversation's strategy back as it was before its last change
 * (a step created, combined, transformed, updated, renamed or deleted). The earlier versions are kept
 * with the graph, the last {@value GraphDocuments#UNDO_DEPTH}, so undo can repeat.
 */
@ApplicationScoped
public class UndoLastChangeTool implements AgentTool {

    @Override
    public String name() {
        return "undo_last_change";
    }

    @Override
    public String description() {
        return "Undo the last change to the strategy (a step created, combined, transformed, updated, renamed or"
                + " deleted), putting the strategy back as it was before it. Call it again to go back further.";
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
        StrategyGraph restored = context.graph().undo().orElseThrow(() -> new ToolRefusal(
                "there is no earlier version of the strategy to go back to"));
        ObjectNode result = ToolResults.object().put("action", "undone");
        ArrayNode steps = result.putArray("steps");
        restored.steps().forEach(step -> steps.add(GraphEdits.describe(step)));
        result.set("graph", GraphEdits.overview(restored));
        return result;
    }
}
