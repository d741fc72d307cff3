package org.strategylab.chat.tools.graph;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;

/** {@code transform_step}: a search that reads another step's result (orthologs, genes near, …). */
@ApplicationScoped
public class TransformStepTool implements AgentTool {

    @Inject
    GraphEdits edits;

    @Override
    public String name() {
        return "transform_step";
    }

    @Override
    public String description() {
        return "Apply a transform search (one whose kind is 'transform', e.g. orthologs of the input genes) to a step. "
                + "The answer has the new stepId and its result count.";
    }

    @Override
    public String group() {
        return "graph";
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addStringProperty("inputStepId", "the step whose result the transform reads")
                .addStringProperty("searchName", "the transform search's name")
                .addProperty("parameters", JsonObjectSchema.builder()
                        .description("its other parameters, name to value").additionalProperties(true).build())
                .addStringProperty("displayName", "a short name for the step")
                .addStringProperty("recordType", "its record type (default: genes, 'transcript')")
                .required("inputStepId", "searchName").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String input = ToolArguments.text(arguments, "inputStepId");
        String searchName = ToolArguments.text(arguments, "searchName");
        Map<String, Object> parameters = ToolArguments.object(arguments, "parameters");
        String recordType = ToolArguments.recordType(arguments, context);
        StrategyGraph graph = context.graph().current();
        GraphEdits.existing(graph, input);
        GraphEdits.requireUnused(graph, input);
        GraphEdits.SearchShape shape = edits.shape(context, recordType, searchName);
        if (!shape.takesInput()) {
            throw new ToolRefusal(searchName + " takes no input step: use create_step");
        }
        edits.validate(context, recordType, searchName, parameters, true);
        String name = ToolArguments.optionalText(arguments, "displayName");
        GraphStep step = GraphStep.transform(context.graph().reserveStepId(), searchName, recordType, parameters, input,
                name != null ? name : shape.displayName());
        return edits.countAndCommit(context, current -> {
            GraphEdits.requireUnused(current, input);
            return current.add(step);
        }, step.id(), "created");
    }
}
