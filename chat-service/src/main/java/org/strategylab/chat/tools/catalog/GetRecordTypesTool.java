package org.strategylab.chat.tools.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolResults;

/** {@code get_record_types}: the kinds of records the conversation's site searches (genes, ESTs, …), from its catalogue. */
@ApplicationScoped
public class GetRecordTypesTool implements AgentTool {

    @Inject
    UpstreamSite upstream;

    @Override
    public String name() {
        return "get_record_types";
    }

    @Override
    public String description() {
        return "List the site's record types (what its searches return: genes, ESTs, SNPs, …), with how many searches"
                + " each has, and the record type this strategy returns.";
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
        return JsonObjectSchema.builder().build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        ObjectNode result = ToolResults.object().put("siteId", context.siteId())
                .put("strategyRecordType", context.graph().current().recordType());
        ArrayNode types = result.putArray("recordTypes");
        for (JsonNode type : upstream.recordTypes(context.siteId()).path("items")) {
            ObjectNode row = types.addObject().put("name", type.path("name").asText())
                    .put("displayName", type.path("displayName").asText(type.path("name").asText()));
            if (type.hasNonNull("searchCount")) {
                row.put("searchCount", type.path("searchCount").asInt());
            }
            if (type.hasNonNull("description") && !type.path("description").asText().isBlank()) {
                row.put("description", type.path("description").asText());
            }
        }
        return result;
    }
}
