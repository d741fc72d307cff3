package org.strategylab.chat.tools.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.chat.api.SavedGeneSet;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolResults;
import org.strategylab.chat.tools.workbench.ExperimentCalls;

/**
 * A step's genes saved as a gene set the user owns: the step's ordered gene IDs read from the site
 * (its step there when the strategy was pushed, else a temporary strategy of its subtree), then an
 * experiment-service control set whose positives are the genes, tagged {@code gene-set}, so it serves
 * as an experiment's controls or as its gene list. One place for the agent's {@code export_gene_set}
 * and the page's {@code POST /api/v1/strategies/{id}/gene-set}.
 */
@ApplicationScoped
public class StepGeneSetExport {

    /** The most genes one export reads from the site (upstream-gateway's ordered-ID ceiling). */
    public static final int MAX_GENES = 50_000;

    /** The longest name a gene set may have. */
    public static final int MAX_NAME = 200;

    /** The tag that makes a control set one of the user's gene sets. */
    public static final String TAG = "gene-set";

    @Inject
    UpstreamSite upstream;

    @Inject
    SiteSteps siteSteps;

    @Inject
    ExperimentCalls experiments;

    /** Why a gene set name cannot be used, or null when it can. */
    public static String nameProblem(String name) {
        if (name == null || name.isBlank()) {
            return "required: a non-empty name";
        }
        if (name.strip().length() > MAX_NAME) {
            return "must be at most " + MAX_NAME + " characters";
        }
        return null;
    }

    /**
     * Saves the step's genes as a gene set named {@code name} (already checked with {@link #nameProblem}).
     *
     * @throws ToolRefusal when the step has no genes on the site, or experiment-service refuses the set
     * @throws org.strategylab.edge.peer.PeerFailure when the site or experiment-service fails
     */
    public SavedGeneSet save(ToolContext context, StrategyGraph graph, GraphStep step, String name) {
        String setName = name.strip();
        JsonNode ids = siteSteps.read(context, graph, step,
                siteStep -> upstream.json(upstream.orderedIds(context.token(), context.siteId(), siteStep, MAX_GENES)));
        if (ids.path("ids").isEmpty()) {
            throw new ToolRefusal("step " + step.id() + " has no genes on the site; nothing to save");
        }
        ObjectNode body = ToolResults.object().put("name", setName).put("siteId", context.siteId())
                .put("recordType", graph.recordType() == null ? "transcript" : graph.recordType())
                .put("source", "strategy")
                .put("provenanceNotes", "Genes of step " + step.id() + (step.displayName() == null ? ""
                        : " (" + step.displayName() + ")") + " of conversation " + context.strategyId()
                        + (step.searchName() == null ? "" : ", search " + step.searchName()));
        body.set("positiveIds", ids.path("ids"));
        body.putArray("tags").add(TAG);
        JsonNode set = experiments.createControlSet(context, body);
        String note = ids.path("truncated").asBoolean()
                ? "the result holds " + ids.path("totalCount").asLong() + " genes; the first " + MAX_GENES + " were saved"
                : null;
        return new SavedGeneSet(set.path("id").asText(), setName, ids.path("ids").size(), step.id(), context.siteId(), note);
    }
}
