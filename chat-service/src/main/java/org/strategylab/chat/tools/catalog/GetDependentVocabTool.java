package org.strategylab.chat.tools.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolResults;

/**
 * {@code get_dependent_vocab}: the allowed values of one parameter, either matching a text query
 * (large vocabularies such as GO terms) or as they stand once other parameters have values
 * (vocabularies that depend on, say, the organism).
 */
@ApplicationScoped
public class GetDependentVocabTool implements AgentTool {

    @Inject
    UpstreamSite upstream;

    @Override
    public String name() {
        return "get_dependent_vocab";
    }

    @Override
    public String description() {
        return "The allowed values of one parameter of a search. With 'query', the values that match it, best first "
                + "(use it to find a GO term, pathway or organism by words). With 'contextValues', the values once "
                + "the other parameters have those values (parameters whose choices depend on others).";
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
                .addStringProperty("searchName", "the search's name")
                .addStringProperty("paramName", "the parameter whose values you want")
                .addStringProperty("query", "words the values should match")
                .addProperty("contextValues", JsonObjectSchema.builder()
                        .description("the other parameters' current values, name to value").additionalProperties(true).build())
                .addStringProperty("recordType", "the search's record type (default: genes, 'transcript')")
                .required("searchName", "paramName").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String searchName = ToolArguments.text(arguments, "searchName");
        String param = ToolArguments.text(arguments, "paramName");
        String query = ToolArguments.optionalText(arguments, "query");
        String recordType = ToolArguments.recordType(arguments, context);
        ObjectNode result = ToolResults.object().put("searchName", searchName).put("paramName", param);
        if (query != null) {
            JsonNode page = upstream.json(upstream.vocabulary(context.token(), context.siteId(), recordType, searchName, param, query, 15,
                    SearchForSearchesTool.rankMode(context)));
            ArrayNode values = result.put("query", query).putArray("values");
            for (JsonNode hit : page.path("items")) {
                values.addObject().put("value", hit.path("term").asText())
                        .put("display", ToolResults.shorten(hit.path("display").asText(), 120));
            }
            result.put("total", page.path("total").asInt());
            return result;
        }
        Map<String, Object> contextValues = ToolArguments.object(arguments, "contextValues");
        JsonNode specs = upstream.json(upstream.paramSpecs(context.token(), context.siteId(), recordType, searchName,
                contextValues));
        for (JsonNode spec : specs.path("parameters")) {
            if (param.equals(spec.path("name").asText())) {
                result.set("parameter", ParameterSummaries.summary(spec));
                return result;
            }
        }
        throw new ToolRefusal("search " + searchName + " has no parameter '" + param + "'");
    }
}
