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
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolResults;

/**
 * {@code list_transforms}: the site's transform searches for a record type (orthologs, genes of
 * transcripts, …): the searches upstream-gateway's catalogue marks {@code kind: transform}, those WDK
 * describes with one input step ({@code allowedPrimaryInputRecordClassNames}).
 */
@ApplicationScoped
public class ListTransformsTool implements AgentTool {

    /** The most searches one catalogue page holds (upstream-gateway's limit); a site has fewer. */
    static final int CATALOGUE_PAGE = 500;

    @Inject
    UpstreamSite upstream;

    @Override
    public String name() {
        return "list_transforms";
    }

    @Override
    public String description() {
        return "List the site's transform searches for a record type: searches that take a step's result as input and"
                + " turn it into related records (orthologs in other organisms, …). Use one with transform_step;"
                + " read its other parameters with get_search_parameters.";
    }

    @Override
    public String group() {
        return "catalog";
    }

    @Override
    public boolean quotesOutsideText() {
        return true; // the catalogue's descriptions
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addStringProperty("recordType", "the record type (default: the strategy's, genes are 'transcript')").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String recordType = ToolArguments.recordType(arguments, context);
        java.util.List<String> known = new java.util.ArrayList<>();
        upstream.recordTypes(context.siteId()).path("items").forEach(type -> known.add(type.path("name").asText()));
        if (!known.isEmpty() && !known.contains(recordType)) {
            throw new ToolRefusal("argument 'recordType': the site has no record type '" + recordType + "' (it has "
                    + String.join(", ", known) + "; get_record_types describes them)");
        }
        JsonNode page = upstream.json(upstream.searches(context.token(), context.siteId(), recordType, null,
                CATALOGUE_PAGE, null));
        ObjectNode result = ToolResults.object().put("siteId", context.siteId()).put("recordType", recordType);
        ArrayNode transforms = result.putArray("transforms");
        for (JsonNode search : page.path("items")) {
            if (!"transform".equals(search.path("kind").asText())) {
                continue;
            }
            ObjectNode row = transforms.addObject().put("name", search.path("name").asText());
            ToolResults.copyText(search, row, "displayName", 120);
            row.put("recordType", search.path("recordType").asText());
            ToolResults.copyText(search, row, "description", 300);
        }
        if (transforms.isEmpty()) {
            result.put("note", "the site has no transform searches for record type " + recordType);
        }
        return result;
    }
}
