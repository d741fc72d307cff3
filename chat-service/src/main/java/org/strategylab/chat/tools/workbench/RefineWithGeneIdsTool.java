package org.strategylab.chat.tools.workbench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.graph.CombineOperator;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolRegistry;
import org.strategylab.chat.tools.ToolResults;

/**
 * {@code refine_with_gene_ids(gene_ids, operator)} (rule 4.5.16): the experiment's result combined
 * with a list of genes — INTERSECT (the default) keeps only them, UNION adds them, MINUS removes
 * them. The list goes to the site as a dataset behind an ID-list search ({@code GeneByLocusTag}).
 */
@ApplicationScoped
public class RefineWithGeneIdsTool implements AgentTool {

    static final String ID_LIST_SEARCH = "GeneByLocusTag";

    @Inject
    ExperimentCalls experiments;

    @Inject
    UpstreamSite upstream;

    @Override
    public String name() {
        return "refine_with_gene_ids";
    }

    @Override
    public String description() {
        return "Refine the experiment's result with a list of gene IDs: INTERSECT (default) keeps only those genes, "
                + "UNION adds them, MINUS removes them. It makes the experiment's next version (the previous one is kept; "
                + "undo_refinement goes back to it). The metrics are stale afterwards: call re_evaluate_controls.";
    }

    @Override
    public String group() {
        return ToolRegistry.WORKBENCH;
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addProperty("geneIds", dev.langchain4j.model.chat.request.json.JsonArraySchema.builder()
                        .description("the gene IDs").items(new dev.langchain4j.model.chat.request.json.JsonStringSchema())
                        .build())
                .addEnumProperty("operator", List.of("INTERSECT", "UNION", "MINUS"), "how the genes join the result")
                .required("geneIds").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        List<String> ids = new ArrayList<>();
        arguments.path("geneIds").forEach(id -> {
            if (id.isTextual() && !id.asText().isBlank()) {
                ids.add(id.asText().trim());
            }
        });
        if (ids.isEmpty()) {
            throw new ToolRefusal("geneIds must list at least one gene ID");
        }
        String operatorName = arguments.path("operator").asText("INTERSECT");
        CombineOperator operator = CombineOperator.parse(operatorName)
                .filter(o -> o == CombineOperator.INTERSECT || o == CombineOperator.UNION || o == CombineOperator.MINUS)
                .orElseThrow(() -> new ToolRefusal("operator must be INTERSECT, UNION or MINUS"));
        String parameter = datasetParameter(context);
        long dataset = upstream.dataset(context.token(), context.siteId(), ids);
        ObjectNode body = ToolResults.object().put("action", "combine").put("searchName", ID_LIST_SEARCH)
                .put("operator", operator.name());
        body.set("parameters", ToolResults.JSON.pojoNode(Map.of(parameter, String.valueOf(dataset))));
        JsonNode refined = experiments.refine(context, body);
        ObjectNode result = ToolResults.object().put("refined", true).put("operator", operator.name())
                .put("geneCount", ids.size()).put("metricsStale", refined.path("metricsStale").asBoolean(true));
        result.set("newStepId", refined.path("newStepId"));
        return RefinedVersion.describe(result, refined);
    }

    /** The ID-list search's dataset parameter, as the site names it. */
    private String datasetParameter(ToolContext context) {
        JsonNode specs = upstream.json(upstream.paramSpecs(context.token(), context.siteId(), "transcript", ID_LIST_SEARCH,
                Map.of()));
        for (JsonNode spec : specs.path("parameters")) {
            if ("input-dataset".equals(spec.path("type").asText())) {
                return spec.path("name").asText();
            }
        }
        throw new ToolRefusal("the site's " + ID_LIST_SEARCH + " search takes no gene list");
    }
}
