package org.strategylab.chat.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/** Control sets (and gene sets, which are control sets tagged {@code gene-set}) as MCP tools, through experiment-service as the caller. */
public class ControlSetTools {

    @Inject
    @RestClient
    ExperimentApi experiments;

    @Inject
    McpCaller caller;

    @Inject
    McpFailures failures;

    @Inject
    McpResults results;

    @Inject
    ObjectMapper mapper;

    /** A control set: its genes and where they came from. */
    public record ControlSet(String controlSetId, String name, String siteId, List<String> positiveIds,
                             List<String> negativeIds, List<String> tags, String source) {
    }

    /** A page of control sets. */
    public record ControlSets(long total, List<ControlSet> items) {
    }

    @Tool(name = "list_control_sets", description = "Your control sets and gene sets (and the public ones), "
            + "optionally of one site; use one as run_experiment's controlSetId.",
            outputSchema = @Tool.OutputSchema(from = ControlSets.class))
    public ToolResponse listControlSets(
            @ToolArg(description = "only this site's", required = false) String siteId,
            @ToolArg(description = "most to answer, 1 to 200", defaultValue = "50") int limit) {
        McpCaller.User user = caller.current();
        McpArguments.range("limit", limit, 1, 200);
        JsonNode page = failures.tool(ExperimentTools.EXPERIMENTS, "listing the control sets",
                () -> experiments.controlSets(user.bearer(), siteId == null || siteId.isBlank() ? null : siteId, limit, 0));
        List<ControlSet> items = new ArrayList<>();
        for (JsonNode set : page.path("items")) {
            items.add(controlSet(set));
        }
        return results.structured(new ControlSets(page.path("total").asLong(), items));
    }

    @Tool(name = "create_control_set", description = "Save positive (and negative) control genes as a control set "
            + "of yours on a site.", outputSchema = @Tool.OutputSchema(from = ControlSet.class))
    public ToolResponse createControlSet(
            @ToolArg(description = "its name") String name,
            @ToolArg(description = "the site's id, e.g. plasmodb") String siteId,
            @ToolArg(description = "genes that should be found") List<String> positiveIds,
            @ToolArg(description = "genes that should not be found", required = false) List<String> negativeIds,
            @ToolArg(description = "tags", required = false) List<String> tags,
            @ToolArg(description = "where the genes come from (a paper, a screen)", required = false) String source) {
        McpCaller.User user = caller.current();
        ObjectNode body = mapper.createObjectNode().put("name", McpArguments.text("name", name, 255))
                .put("siteId", McpArguments.name("siteId", siteId));
        body.set("positiveIds", mapper.valueToTree(positiveIds));
        if (negativeIds != null) {
            body.set("negativeIds", mapper.valueToTree(negativeIds));
        }
        if (tags != null) {
            body.set("tags", mapper.valueToTree(tags));
        }
        if (source != null) {
            body.put("source", source);
        }
        JsonNode created = failures.tool(ExperimentTools.EXPERIMENTS, "saving the control set",
                () -> experiments.createControlSet(user.bearer(), body));
        return results.structured(controlSet(created));
    }

    private ControlSet controlSet(JsonNode set) {
        return new ControlSet(set.path("id").asText(), set.path("name").asText(null), set.path("siteId").asText(null),
                texts(set.path("positiveIds")), texts(set.path("negativeIds")), texts(set.path("tags")),
                set.path("source").asText(null));
    }

    private static List<String> texts(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }
}
