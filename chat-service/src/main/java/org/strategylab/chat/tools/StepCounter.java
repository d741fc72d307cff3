package org.strategylab.chat.tools;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.edge.peer.PeerFailure;

/**
 * Counts the steps of one part of a graph on the site with one call to upstream-gateway's
 * {@code step-counts}, which leaves no strategy in the user's account (a lone search is counted
 * without any; a tree in a hidden helper strategy deleted right after). Every step of the part gets
 * its size in genes, with the transcript rows beside them for the transcript record type. A part the
 * site refuses gets the site's reason on its root instead of counts; a step the site calls invalid
 * gets its reason.
 */
@ApplicationScoped
public class StepCounter {

    @Inject
    UpstreamSite upstream;

    /** The graph with every step under {@code rootId} counted (or marked with the site's refusal). */
    public StrategyGraph count(StrategyGraph graph, String rootId, ToolContext context) {
        JsonNode counts;
        try {
            counts = upstream.stepCounts(context.token(), context.siteId(), graph.recordType(),
                    StepTrees.tree(graph, rootId));
        } catch (PeerFailure failure) {
            if (!failure.inputRefused()) {
                throw failure;
            }
            String reason = failure.explanation();
            return graph.replace(rootId, step -> step.withCount(null, reason));
        }
        return counted(graph, rootId, counts);
    }

    /** The graph with the step and its inputs given the counts of the same places of the answer's tree. */
    private static StrategyGraph counted(StrategyGraph graph, String stepId, JsonNode node) {
        if (stepId == null || node == null || !node.isObject()) {
            return graph;
        }
        GraphStep step = graph.step(stepId).orElse(null);
        if (step == null) {
            return graph;
        }
        Long genes = count(node.get("geneCount"));
        Long rows = count(node.get("transcriptCount"));
        // transcripts stand beside genes only where the site stated them and they are not fewer
        Long transcripts = genes != null && genes > 0 && rows != null && rows >= genes ? rows : null;
        String invalid = genes == null ? invalidity(node.path("validation")) : null;
        StrategyGraph next = graph.replace(stepId, s -> s.withCounts(genes, transcripts, invalid));
        next = counted(next, step.primaryInputStepId(), node.get("primaryInput"));
        return counted(next, step.secondaryInputStepId(), node.get("secondaryInput"));
    }

    private static Long count(JsonNode value) {
        return value != null && value.canConvertToLong() && value.asLong() >= 0 ? value.asLong() : null;
    }

    /** The site's reasons for calling a step invalid, as the model reads them. */
    private static String invalidity(JsonNode validation) {
        if (validation.isMissingNode() || validation.path("isValid").asBoolean(true)) {
            return null;
        }
        List<String> reasons = new ArrayList<>();
        validation.path("general").forEach(message -> reasons.add(message.asText()));
        validation.path("byKey").fields().forEachRemaining(e -> e.getValue()
                .forEach(message -> reasons.add(e.getKey() + ": " + message.asText())));
        return "the site says this step is not valid" + (reasons.isEmpty() ? "" : ": " + String.join("; ", reasons));
    }

    /** The graph with the part that holds {@code stepId} counted. */
    public StrategyGraph countPartOf(StrategyGraph graph, String stepId, ToolContext context) {
        String root = stepId;
        for (boolean moved = true; moved; ) {
            moved = false;
            for (GraphStep consumer : graph.consumersOf(root)) {
                root = consumer.id();
                moved = true;
                break;
            }
        }
        return count(graph, root, context);
    }
}
