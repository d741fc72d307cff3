package org.strategylab.chat.tools;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import org.jboss.logging.Logger;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.edge.peer.PeerFailure;

/**
 * Counts the steps of one part of a graph on the site: the part is built there as a strategy that
 * is not saved, every step's size is read from it (in genes, with the transcript rows beside them for
 * the transcript record type), and it is deleted (best effort: the site's own
 * clean-up removes unsaved strategies a failed delete leaves). A part the site refuses gets the
 * site's reason on its root instead of counts.
 */
@ApplicationScoped
public class StepCounter {

    private static final Logger LOG = Logger.getLogger(StepCounter.class);

    /** The record type whose results have a row per transcript. */
    private static final String TRANSCRIPT = "transcript";

    @Inject
    UpstreamSite upstream;

    /** The graph with every step under {@code rootId} counted (or marked with the site's refusal). */
    public StrategyGraph count(StrategyGraph graph, String rootId, ToolContext context) {
        JsonNode view;
        try {
            view = upstream.json(upstream.createStrategy(context.token(), context.siteId(), "StrategyLab count (temporary)",
                    graph.recordType(), StepTrees.tree(graph, rootId), false));
        } catch (PeerFailure failure) {
            if (!failure.inputRefused()) {
                throw failure;
            }
            String reason = failure.explanation();
            return graph.replace(rootId, step -> step.withCount(null, reason));
        }
        long strategyId = view.path("strategyId").asLong();
        try {
            Map<String, Long> ids = StepTrees.upstreamIds(graph, rootId, view.path("stepTree"));
            JsonNode steps = view.path("steps");
            StrategyGraph counted = graph;
            for (Map.Entry<String, Long> entry : ids.entrySet()) {
                JsonNode step = steps.path(String.valueOf(entry.getValue()));
                JsonNode size = step.path("estimatedSize");
                Long count = size.canConvertToLong() && size.asLong() >= 0 ? size.asLong() : null;
                if (entry.getKey().equals(rootId) && count == null && view.path("estimatedSize").canConvertToLong()) {
                    count = view.path("estimatedSize").asLong();
                }
                String invalid = step.path("validation").path("isValid").asBoolean(true) ? null
                        : "the site says this step is not valid: " + step.path("validation").path("errors");
                Long finalCount = count;
                Long transcripts = invalid == null ? transcripts(graph, entry.getValue(), count, context) : null;
                counted = counted.replace(entry.getKey(), s -> s.withCounts(finalCount, transcripts, invalid));
            }
            return counted;
        } finally {
            try {
                upstream.deleteStrategy(context.token(), context.siteId(), strategyId);
            } catch (RuntimeException e) {
                LOG.debugf("temporary counting strategy %d not deleted: %s", strategyId, e.getMessage());
            }
        }
    }

    /**
     * The transcript rows beside a step's genes (counts are genes: WDK's step size is its display
     * count, genes for the transcript record type), read from a zero-record page of the step while
     * the counting strategy still holds it; null for other record types, or when the page cannot be
     * read (the gene count stands alone then).
     */
    private Long transcripts(StrategyGraph graph, long upstreamStepId, Long genes, ToolContext context) {
        if (genes == null || genes <= 0 || !TRANSCRIPT.equals(graph.recordType())) {
            return null;
        }
        try {
            long size = upstream.records(context.token(), context.siteId(), upstreamStepId, 0).totalCount();
            return size >= genes ? size : null;
        } catch (RuntimeException e) {
            LOG.debugf("transcripts of step %d not read: %s", upstreamStepId, e.getMessage());
            return null;
        }
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
