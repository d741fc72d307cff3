package org.strategylab.chat.tools.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolResults;
import org.strategylab.chat.tools.graph.GraphEdits;

/**
 * {@code get_sample_records}: the first records of a step's result, so the model (and the user)
 * can see what the step finds. A step on the site since a push is read there; otherwise its part of
 * the graph is built as an unsaved strategy, read and deleted.
 */
@ApplicationScoped
public class GetSampleRecordsTool implements AgentTool {

    @Inject
    UpstreamSite upstream;

    @Inject
    SiteSteps siteSteps;

    @Override
    public String name() {
        return "get_sample_records";
    }

    @Override
    public String description() {
        return "The first records (genes) a step finds, with their main attributes and the step's total count "
                + "(default: the strategy's root step).";
    }

    @Override
    public String group() {
        return "export";
    }

    @Override
    public boolean quotesOutsideText() {
        return true;
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addStringProperty("stepId", "the step (default: the root)")
                .addIntegerProperty("limit", "how many records (default 10, at most 20)")
                .build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        StrategyGraph graph = context.graph().current();
        GraphStep step = GraphEdits.namedOrRoot(graph, arguments);
        int limit = ToolArguments.integer(arguments, "limit", 10, 1, 20);
        JsonNode page = siteSteps.read(context, graph, step,
                siteStep -> upstream.json(upstream.records(context.token(), context.siteId(), siteStep, limit)));
        ObjectNode result = ToolResults.object().put("stepId", step.id());
        for (String count : new String[] {"totalCount", "displayTotalCount"}) {
            if (page.path(count).canConvertToLong()) {
                result.put(count, page.path(count).asLong());
            }
        }
        ArrayNode records = result.putArray("records");
        for (JsonNode record : page.path("records")) {
            ObjectNode row = records.addObject();
            row.set("id", record.path("id"));
            JsonNode attributes = record.path("attributes");
            attributes.fields().forEachRemaining(field -> {
                if (field.getValue().isValueNode() && !field.getValue().isNull()) {
                    row.put(field.getKey(), ToolResults.shorten(field.getValue().asText(), 120));
                }
            });
        }
        return result;
    }
}
