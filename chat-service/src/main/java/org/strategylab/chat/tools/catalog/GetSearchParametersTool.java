package org.strategylab.chat.tools.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolResults;

/** {@code get_search_parameters}: what a search asks for, to fill a step with. */
@ApplicationScoped
public class GetSearchParametersTool implements AgentTool {

    @Inject
    UpstreamSite upstream;

    @Override
    public String name() {
        return "get_search_parameters";
    }

    @Override
    public String description() {
        return "The parameters of a search (from search_for_searches): each one's name, type, whether it is optional, "
                + "limits, default value and allowed values. Call it before create_step; input-step parameters are "
                + "filled by the graph, never by you.";
    }

    @Override
    public String group() {
        return "catalog";
    }

    @Override
    public boolean quotesOutsideText() {
        return true;
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addStringProperty("searchName", "the search's name, e.g. GenesByGoTerm")
                .addStringProperty("recordType", "its record type (default: genes, 'transcript')")
                .required("searchName").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String searchName = ToolArguments.text(arguments, "searchName");
        String recordType = ToolArguments.recordType(arguments, context);
        JsonNode specs = upstream.json(upstream.paramSpecs(context.token(), context.siteId(), recordType, searchName,
                java.util.Map.of()));
        ObjectNode result = ToolResults.object().put("searchName", searchName).put("recordType", recordType);
        ToolResults.copyText(specs, result, "displayName", 120);
        ArrayNode parameters = result.putArray("parameters");
        for (JsonNode spec : specs.path("parameters")) {
            String type = spec.path("type").asText();
            if ("input-step".equals(type) || !spec.path("isVisible").asBoolean(true)) {
                continue;
            }
            parameters.add(ParameterSummaries.summary(spec));
        }
        return result;
    }
}
