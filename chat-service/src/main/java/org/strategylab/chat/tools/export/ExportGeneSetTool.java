package org.strategylab.chat.tools.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import org.strategylab.chat.api.SavedGeneSet;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolResults;
import org.strategylab.chat.tools.UserAction;
import org.strategylab.chat.tools.graph.GraphEdits;

/**
 * {@code export_gene_set}: a step's genes (by default the strategy's result) saved as a gene set the
 * user owns ({@link StepGeneSetExport}, which the page's {@code POST /api/v1/strategies/{id}/gene-set}
 * uses too). The user sees it as a {@code workbench_gene_set} event.
 */
@ApplicationScoped
public class ExportGeneSetTool implements AgentTool {

    @Inject
    StepGeneSetExport export;

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
        String problem = StepGeneSetExport.nameProblem(name);
        if (problem != null) {
            throw new ToolRefusal("name: " + problem);
        }
        StrategyGraph graph = context.graph().current();
        GraphStep step = GraphEdits.namedOrRoot(graph, arguments);
        SavedGeneSet saved = export.save(context, graph, step, name);
        ObjectNode geneSet = ToolResults.object().put("id", saved.geneSetId()).put("name", saved.name())
                .put("geneCount", saved.geneCount()).put("source", "strategy").put("siteId", saved.siteId());
        context.scope().emit("workbench_gene_set", ToolResults.object().set("geneSet", geneSet));
        ObjectNode result = ToolResults.object().put("geneSetId", saved.geneSetId()).put("name", saved.name())
                .put("geneCount", saved.geneCount()).put("stepId", saved.stepId());
        if (saved.note() != null) {
            result.put("note", saved.note());
        }
        return result;
    }
}
