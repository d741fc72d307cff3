package org.strategylab.chat.tools.graph;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Arrays;
import org.strategylab.chat.graph.CombineOperator;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;

/** {@code combine_steps}: joins two parts of the strategy with a boolean operator. */
@ApplicationScoped
public class CombineStepsTool implements AgentTool {

    @Inject
    GraphEdits edits;

    @Override
    public String name() {
        return "combine_steps";
    }

    @Override
    public String description() {
        return "Combine two steps (each the top of its part of the strategy) into one with a boolean operator: "
                + "INTERSECT (in both), UNION (in either), MINUS (left but not right), RMINUS (right but not left), "
                + "LONLY, RONLY. The answer has the new stepId and its result count.";
    }

    @Override
    public String group() {
        return "graph";
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addStringProperty("leftStepId", "the left (primary) input step")
                .addStringProperty("rightStepId", "the right (secondary) input step")
                .addEnumProperty("operator", Arrays.stream(CombineOperator.values()).map(Enum::name).toList())
                .addStringProperty("displayName", "a short name for the combined step")
                .required("leftStepId", "rightStepId", "operator").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String left = ToolArguments.text(arguments, "leftStepId");
        String right = ToolArguments.text(arguments, "rightStepId");
        String operatorName = ToolArguments.text(arguments, "operator");
        CombineOperator operator = CombineOperator.parse(operatorName).orElseThrow(() -> new ToolRefusal(
                "unknown operator '" + operatorName + "'; use one of " + Arrays.toString(CombineOperator.values())));
        if (left.equals(right)) {
            throw new ToolRefusal("a step cannot be combined with itself");
        }
        StrategyGraph graph = context.graph().current();
        GraphStep leftStep = GraphEdits.existing(graph, left);
        GraphStep rightStep = GraphEdits.existing(graph, right);
        GraphEdits.requireUnused(graph, left);
        GraphEdits.requireUnused(graph, right);
        if (!leftStep.recordType().equals(rightStep.recordType())) {
            throw new ToolRefusal("steps of different record types (" + leftStep.recordType() + ", "
                    + rightStep.recordType() + ") cannot be combined");
        }
        String name = ToolArguments.optionalText(arguments, "displayName");
        GraphStep step = GraphStep.combine(context.graph().reserveStepId(), operator, left, right, leftStep.recordType(),
                name != null ? name : operator.name() + " of " + left + " and " + right);
        return edits.countAndCommit(context, current -> {
            GraphEdits.requireUnused(current, left);
            GraphEdits.requireUnused(current, right);
            return current.add(step);
        }, step.id(), "created");
    }
}
