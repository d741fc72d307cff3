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
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolResults;

/** {@code rename_step}: gives a step of the strategy a new display name (its search and values stay). */
@ApplicationScoped
public class RenameStepTool implements AgentTool {

    /** The longest name a step takes, as for a strategy's name. */
    static final int MAX_NAME = 200;

    @Override
    public String name() {
        return "rename_step";
    }

    @Override
    public String description() {
        return "Give a step of the strategy a new name (its display name); the step's search and values stay as they are.";
    }

    @Override
    public String group() {
        return "graph";
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder().addStringProperty("stepId", "the step to rename")
                .addStringProperty("displayName", "its new name").required("stepId", "displayName").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String stepId = ToolArguments.text(arguments, "stepId");
        String displayName = ToolArguments.text(arguments, "displayName").strip();
        if (displayName.isEmpty() || displayName.length() > MAX_NAME) {
            throw new ToolRefusal("argument 'displayName' must be a name of 1 to " + MAX_NAME + " characters");
        }
        GraphEdits.existing(context.graph().current(), stepId);
        StrategyGraph next = context.graph().apply(current -> {
            GraphEdits.existing(current, stepId);
            return current.replace(stepId, step -> step.withDisplayName(displayName));
        }, stepId, "renamed");
        GraphStep renamed = next.step(stepId).orElseThrow();
        ObjectNode result = ToolResults.object().put("action", "renamed");
        result.set("step", GraphEdits.describe(renamed));
        result.set("graph", GraphEdits.overview(next));
        return result;
    }
}
