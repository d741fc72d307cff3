package org.strategylab.chat.tools.graph;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolContext;

/** {@code get_result_count}: counts a step (by default the strategy's root) on the site now. */
@ApplicationScoped
public class GetResultCountTool implements AgentTool {

    @Inject
    GraphEdits edits;

    @Override
    public String name() {
        return "get_result_count";
    }

    @Override
    public String description() {
        return "Count a step's results on the site now (default: the strategy's root step), with every step beneath it. "
                + "Counts are genes (resultCount); transcriptCount gives the transcript rows where they differ.";
    }

    @Override
    public String group() {
        return "export";
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder().addStringProperty("stepId", "the step to count (default: the root)").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        StrategyGraph graph = context.graph().current();
        String stepId = GraphEdits.namedOrRoot(graph, arguments).id();
        return edits.countAndCommit(context, current -> current, stepId, "counted");
    }
}
