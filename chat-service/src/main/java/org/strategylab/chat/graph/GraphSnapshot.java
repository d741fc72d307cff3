package org.strategylab.chat.graph;

import java.util.ArrayList;
import java.util.List;

/**
 * The whole graph as the {@code graph_snapshot} event and the strategy view carry it
 * (api-contract.md §5.4): steps, the edges between them, and the root.
 *
 * @param graphId     the strategy (conversation) id
 * @param graphName   the strategy's name
 * @param name        the same name (PathFinder's clients read either)
 * @param recordType  the record type of its results
 * @param rootStepId  the root, when the graph has exactly one
 * @param steps       every step
 * @param edges       input → consumer edges, {@code primary} or {@code secondary}
 */
public record GraphSnapshot(String graphId, String graphName, String name, String recordType, String rootStepId,
                            List<GraphStep> steps, List<Edge> edges) {

    /** An input edge: {@code sourceId} feeds {@code targetId}. */
    public record Edge(String sourceId, String targetId, String kind) {
    }

    public static GraphSnapshot of(String graphId, String name, StrategyGraph graph) {
        List<Edge> edges = new ArrayList<>();
        for (GraphStep step : graph.steps()) {
            if (step.primaryInputStepId() != null) {
                edges.add(new Edge(step.primaryInputStepId(), step.id(), "primary"));
            }
            if (step.secondaryInputStepId() != null) {
                edges.add(new Edge(step.secondaryInputStepId(), step.id(), "secondary"));
            }
        }
        return new GraphSnapshot(graphId, name, name, graph.recordType(),
                graph.root().map(GraphStep::id).orElse(null), graph.steps(), edges);
    }
}
