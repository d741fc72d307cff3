package org.strategylab.chat.tools.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolResults;

/** {@code list_sites}: the VEuPathDB sites, and which one this conversation builds on. */
@ApplicationScoped
public class ListSitesTool implements AgentTool {

    @Inject
    UpstreamSite upstream;

    @Override
    public String name() {
        return "list_sites";
    }

    @Override
    public String description() {
        return "List the VEuPathDB sites (id, name, whether it is the portal). The conversation builds on one site; "
                + "use this to tell the user which site holds their organism.";
    }

    @Override
    public String group() {
        return "catalog";
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder().build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        ArrayNode sites = ToolResults.array();
        // upstream-gateway answers a page of sites: {items, total, …}
        for (JsonNode site : upstream.sites().path("items")) {
            sites.addObject().put("id", site.path("id").asText()).put("name", site.path("displayName").asText(
                    site.path("name").asText())).put("isPortal", site.path("isPortal").asBoolean());
        }
        return ToolResults.object().put("currentSite", context.siteId()).set("sites", sites);
    }
}
