package org.strategylab.chat.tools.workbench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Arrays;
import java.util.Map;
import org.strategylab.chat.graph.CombineOperator;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolRegistry;
import org.strategylab.chat.tools.ToolResults;

/** {@code add_search_step} (rule 4.5.16): a search combined with the experiment's current result by an operator. */
@ApplicationScoped
public class AddSearchStepTool implements AgentTool {

    @Inject
    ExperimentCalls experiments;

    @Override
    public String name() {
        return "add_search_step";
    }

    @Override
    public String description() {
        return "Refine the experiment's result with a search (from search_for_searches, with values from "
                + "get_search_parameters) combined with it by an operator (default INTERSECT). It makes the experiment's next "
                + "version (the previous one is kept; undo_refinement goes back to it). The metrics are stale afterwards: "
                + "call re_evaluate_controls.";
    }

    @Override
    public String group() {
        return ToolRegistry.WORKBENCH;
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addStringProperty("searchName", "the search's name")
                .addProperty("parameters", JsonObjectSchema.builder().description("parameter name to value")
                        .additionalProperties(true).build())
                .addEnumProperty("operator", Arrays.stream(CombineOperator.values()).map(Enum::name).toList())
                .required("searchName").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String searchName = ToolArguments.text(arguments, "searchName");
        Map<String, Object> parameters = ToolArguments.object(arguments, "parameters");
        String operatorName = arguments.path("operator").asText("INTERSECT");
        CombineOperator operator = CombineOperator.parse(operatorName)
                .orElseThrow(() -> new ToolRefusal("unknown operator '" + operatorName + "'"));
        ObjectNode body = ToolResults.object().put("action", "combine").put("searchName", searchName)
                .put("operator", operator.name());
        body.set("parameters", ToolResults.JSON.pojoNode(parameters));
        JsonNode refined = experiments.refine(context, body);
        ObjectNode result = ToolResults.object().put("refined", true).put("searchName", searchName)
                .put("operator", operator.name()).put("metricsStale", refined.path("metricsStale").asBoolean(true));
        result.set("newStepId", refined.path("newStepId"));
        return RefinedVersion.describe(result, refined);
    }
}
