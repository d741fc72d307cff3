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

/** {@code create_step}: a new search step, its values checked by the site and its result counted. */
@ApplicationScoped
public class CreateStepTool implements AgentTool {

    @Inject
    GraphEdits edits;

    @Override
    public String name() {
        return "create_step";
    }

    @Override
    public String description() {
        return "Add a search step to the strategy: a search (from search_for_searches) with parameter values (from "
                + "get_search_parameters). The site checks the values first; the answer has the new stepId and its "
                + "result count. Combine steps with combine_steps; searches that take an input step are transform_step.";
    }

    @Override
    public String group() {
        return "graph";
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addStringProperty("searchName", "the search's name")
                .addProperty("parameters", JsonObjectSchema.builder()
                        .description("parameter name to value (strings, numbers, or arrays for multi-pick parameters)")
                        .additionalProperties(true).build())
                .addStringProperty("displayName", "a short name for the step, shown in the strategy")
                .addStringProperty("recordType", "the search's record type (default: genes, 'transcript')")
                .required("searchName", "parameters").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String searchName = ToolArguments.text(arguments, "searchName");
        Map<String, Object> parameters = ToolArguments.object(arguments, "parameters");
        String recordType = ToolArguments.recordType(arguments, context);
        GraphEdits.SearchShape shape = edits.shape(context, recordType, searchName);
        if (shape.takesInput()) {
            throw new ToolRefusal(searchName + " takes an input step: use transform_step with inputStepId");
        }
        edits.validate(context, recordType, searchName, parameters, false);
        String name = ToolArguments.optionalText(arguments, "displayName");
        GraphStep step = GraphStep.search(context.graph().reserveStepId(), searchName, recordType, parameters,
                name != null ? name : shape.displayName());
        return edits.countAndCommit(context, graph -> graph.add(step), step.id(), "created");
    }
}
