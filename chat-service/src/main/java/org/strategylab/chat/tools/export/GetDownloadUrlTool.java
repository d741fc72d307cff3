package org.strategylab.chat.tools.export;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolResults;
import org.strategylab.chat.tools.graph.GraphEdits;

/**
 * {@code get_download_url}: a download of a step's result prepared by the site (WDK's temporary
 * result). The site serves it from its own copy of the strategy, so the strategy must have been
 * put there ({@code push_strategy}) since its last change.
 */
@ApplicationScoped
public class GetDownloadUrlTool implements AgentTool {

    private static final List<String> FORMATS = List.of("csv", "tab", "json");

    @Inject
    UpstreamSite upstream;

    @Override
    public String name() {
        return "get_download_url";
    }

    @Override
    public String description() {
        return "A link that downloads a step's result (csv, tab or json; default: the root step, csv), prepared by "
                + "the site. The strategy must be on the site as it stands: call push_strategy first after changes.";
    }

    @Override
    public String group() {
        return "export";
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addEnumProperty("format", FORMATS, "the file format (default csv)")
                .addStringProperty("stepId", "the step (default: the root)")
                .build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        StrategyGraph graph = context.graph().current();
        GraphStep step = GraphEdits.namedOrRoot(graph, arguments);
        String format = ToolArguments.optionalText(arguments, "format");
        if (format == null) {
            format = "csv";
        } else if (!FORMATS.contains(format)) {
            throw new ToolRefusal("format must be one of " + FORMATS);
        }
        if (step.upstreamStepId() == null) {
            throw new ToolRefusal("step " + step.id() + " is not on the site as it stands: call push_strategy first");
        }
        JsonNode prepared = upstream.json(upstream.temporaryResult(context.token(), context.siteId(), step.upstreamStepId(), format));
        return ToolResults.object().put("stepId", step.id()).put("format", format)
                .put("downloadUrl", prepared.path("downloadUrl").asText());
    }
}
