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
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolResults;
import org.strategylab.chat.tools.graph.GraphEdits;
import org.strategylab.chat.tools.workbench.ExperimentCalls;
import java.util.Optional;
import org.strategylab.chat.tools.UserAction;

/**
 * {@code export_gene_set}: a step's genes (by default the strategy's result) saved as a gene set the
 * user owns — a control set of experiment-service whose positives are the genes, so it serves as an
 * experiment's controls ({@code controlSetId}) or, read back, as its {@code targetGeneIds}. The user
 * sees it as a {@code workbench_gene_set} event.
 */
@ApplicationScoped
public class ExportGeneSetTool implements AgentTool {

    /** The most genes one export reads from the site (upstream-gateway's ordered-ID ceiling). */
    static final int MAX_GENES = 50_000;

    @Inject
    UpstreamSite upstream;

    @Inject
    SiteSteps siteSteps;

    @Inject
    ExperimentCalls experiments;

    @Override
    public String name() {
        return "export_gene_set";
    }

    @Override
    public String description() {
        return "Save a step's genes (default: the strategy's result) as a named gene set the user owns, to use as"
                + " controls or as the gene list of an experiment in the workbench.";
    }

    @Override
    public String group() {
        return "export";
    }

    @Override
    public Optional<UserAction> userAction() {
        return Optional.of(UserAction.EXPORT_GENE_SET);
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addStringProperty("name", "the gene set's name")
                .addStringProperty("stepId", "the step whose genes to save (default: the root)")
                .required("name").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String name = ToolArguments.text(arguments, "name");
        if (name.length() > 200) {
            throw new ToolRefusal("the name may have at most 200 characters");
        }
        StrategyGraph graph = context.graph().current();
        GraphStep step = GraphEdits.namedOrRoot(graph, arguments);
        JsonNode ids = siteSteps.read(context, graph, step,
                siteStep -> upstream.json(upstream.orderedIds(context.token(), context.siteId(), siteStep, MAX_GENES)));
        if (ids.path("ids").isEmpty()) {
            throw new ToolRefusal("step " + step.id() + " has no genes on the site; nothing to save");
        }
        ObjectNode body = ToolResults.object().put("name", name).put("siteId", context.siteId())
                .put("recordType", graph.recordType() == null ? "transcript" : graph.recordType())
                .put("source", "strategy")
                .put("provenanceNotes", "Genes of step " + step.id() + (step.displayName() == null ? ""
                        : " (" + step.displayName() + ")") + " of conversation " + context.strategyId()
                        + (step.searchName() == null ? "" : ", search " + step.searchName()));
        body.set("positiveIds", ids.path("ids"));
        ArrayNode tags = body.putArray("tags");
        tags.add("gene-set");
        JsonNode set = experiments.createControlSet(context, body);
        ObjectNode geneSet = ToolResults.object().put("id", set.path("id").asText()).put("name", name)
                .put("geneCount", ids.path("ids").size()).put("source", "strategy").put("siteId", context.siteId());
        context.scope().emit("workbench_gene_set", ToolResults.object().set("geneSet", geneSet));
        ObjectNode result = ToolResults.object().put("geneSetId", set.path("id").asText()).put("name", name)
                .put("geneCount", ids.path("ids").size()).put("stepId", step.id());
        if (ids.path("truncated").asBoolean()) {
            result.put("note", "the result holds " + ids.path("totalCount").asLong() + " genes; the first " + MAX_GENES
                    + " were saved");
        }
        return result;
    }
}
