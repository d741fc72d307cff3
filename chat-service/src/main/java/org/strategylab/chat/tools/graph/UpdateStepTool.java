package org.strategylab.chat.tools.graph;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.strategylab.chat.graph.CombineOperator;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StepKind;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;

/** {@code update_step}: changes a step's parameter values, operator or name, and recounts. */
@ApplicationScoped
public class UpdateStepTool implements AgentTool {

    @Inject
    GraphEdits edits;

    @Override
    public String name() {
        return "update_step";
    }

    @Override
    public String description() {
        return "Change a step: new values for some parameters (the others keep theirs), a combine step's operator, "
                + "or its display name. The site checks new values; the answer has the step's new result count.";
    }

    @Override
    public String group() {
        return "graph";
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addStringProperty("stepId", "the step to change")
                .addProperty("parameters", JsonObjectSchema.builder()
                        .description("parameters to change, name to new value").additionalProperties(true).build())
                .addEnumProperty("operator", Arrays.stream(CombineOperator.values()).map(Enum::name).toList(),
                        "a combine step's new operator")
                .addStringProperty("displayName", "the step's new name")
                .required("stepId").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String stepId = ToolArguments.text(arguments, "stepId");
        StrategyGraph graph = context.graph().current();
        GraphStep step = GraphEdits.existing(graph, stepId);
        Map<String, Object> changes = ToolArguments.object(arguments, "parameters");
        String operatorName = ToolArguments.optionalText(arguments, "operator");
        String name = ToolArguments.optionalText(arguments, "displayName");
        if (changes.isEmpty() && operatorName == null && name == null) {
            throw new ToolRefusal("nothing to change: give parameters, operator or displayName");
        }
        GraphStep changed = step;
        if (!changes.isEmpty()) {
            if (step.kind() == StepKind.COMBINE) {
                throw new ToolRefusal("a combine step has no parameters; change its operator instead");
            }
            Map<String, Object> merged = new LinkedHashMap<>(step.parameters() == null ? Map.of() : step.parameters());
            merged.putAll(changes);
            edits.validate(context, step.recordType(), step.searchName(), merged, step.kind() == StepKind.TRANSFORM);
            changed = changed.withParameters(merged);
        }
        if (operatorName != null) {
            if (step.kind() != StepKind.COMBINE) {
                throw new ToolRefusal("only a combine step has an operator");
            }
            changed = changed.withOperator(CombineOperator.parse(operatorName).orElseThrow(() -> new ToolRefusal(
                    "unknown operator '" + operatorName + "'")));
        }
        if (name != null) {
            changed = changed.withDisplayName(name);
        }
        GraphStep result = changed;
        if (changes.isEmpty() && operatorName == null) {
            // a new name changes no count
            context.graph().apply(current -> current.replace(stepId, s -> result), stepId, "updated");
            return GraphEdits.describe(result);
        }
        return edits.countAndCommit(context, current -> current.replace(stepId, s -> result), stepId, "updated");
    }
}
