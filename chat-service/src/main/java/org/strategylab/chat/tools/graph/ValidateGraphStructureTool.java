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

/**
 * {@code validate_graph_structure}: whether the graph is one strategy the site can run: one root,
 * no cycles, each step's inputs right for its kind, operators known, and no step the site refused.
 * Searches and parameter values were checked by the site when each step was made or changed.
 */
@ApplicationScoped
public class ValidateGraphStructureTool implements AgentTool {

    @Override
    public String name() {
        return "validate_graph_structure";
    }

    @Override
    public String description() {
        return "Check that the strategy is complete and well formed: exactly one root step, no cycles, two inputs "
                + "and an operator on each combine, one input on each transform, and no step the site refused. "
                + "Call it before telling the user the strategy is done.";
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
        ObjectNode result = ToolResults.object();
        ArrayNode problems = result.putArray("problems");
        graph.structuralProblems().forEach(problems::add);
        graph.steps().stream().filter(s -> s.validationError() != null)
                .forEach(s -> problems.add(s.id() + ": " + s.validationError()));
        if (graph.steps().isEmpty()) {
            problems.add("the strategy has no steps yet");
        }
        result.put("valid", problems.isEmpty());
        graph.root().ifPresent(root -> result.put("rootStepId", root.id()));
        return result;
    }
}
