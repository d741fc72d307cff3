package org.strategylab.chat.tools.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolResults;
import java.util.Optional;
import org.strategylab.chat.tools.UserAction;

/** {@code delete_step}: removes a step no other step reads. */
@ApplicationScoped
public class DeleteStepTool implements AgentTool {

    @Override
    public String name() {
        return "delete_step";
    }

    @Override
    public String description() {
        return "Remove a step from the strategy. A step that another step reads cannot be removed: remove that step first.";
    }

    @Override
    public String group() {
        return "graph";
    }

    @Override
    public Optional<UserAction> userAction() {
        return Optional.of(UserAction.DELETE_STEP);
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder().addStringProperty("stepId", "the step to remove").required("stepId").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String stepId = ToolArguments.text(arguments, "stepId");
        StrategyGraph graph = context.graph().current();
        GraphStep step = GraphEdits.existing(graph, stepId);
        GraphEdits.requireUnused(graph, stepId);
        StrategyGraph next = context.graph().apply(current -> {
            GraphEdits.requireUnused(current, stepId);
            return current.remove(stepId);
        }, stepId, "deleted");
        ObjectNode result = ToolResults.object().put("action", "deleted").put("stepId", stepId);
        result.set("graph", GraphEdits.overview(next));
        return result;
    }
}
