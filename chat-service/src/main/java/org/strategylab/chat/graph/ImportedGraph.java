package org.strategylab.chat.graph;

import java.util.Locale;
import org.strategylab.upstream.api.StrategyTree;

/**
 * A site's strategy as a conversation's graph: each step of its tree a step of the graph, inputs
 * first, with the site's step id and its last computed size, so the graph is linked to the site
 * and the next push replaces that strategy's steps rather than making another.
 */
public final class ImportedGraph {

    private ImportedGraph() {
    }

    /**
     * The graph of a strategy tree.
     *
     * @param tree the strategy as upstream-gateway reads it back
     * @return its graph; the root is the last step
     * @throws IllegalArgumentException for a combine whose operator the graph does not know
     */
    public static StrategyGraph of(StrategyTree tree) {
        StrategyGraph graph = new StrategyGraph(tree.recordType(), java.util.List.of(), 1);
        return add(graph, tree.recordType(), tree.rootStep()).graph();
    }

    private record Added(StrategyGraph graph, String stepId) {
    }

    private static Added add(StrategyGraph graph, String recordType, StrategyTree.Node node) {
        Added primary = node.primaryInput() == null ? null : add(graph, recordType, node.primaryInput());
        StrategyGraph withPrimary = primary == null ? graph : primary.graph();
        Added secondary = node.secondaryInput() == null ? null : add(withPrimary, recordType, node.secondaryInput());
        StrategyGraph withInputs = secondary == null ? withPrimary : secondary.graph();
        String id = withInputs.newStepId();
        String name = node.customName() != null && !node.customName().isBlank() ? node.customName() : node.displayName();
        GraphStep step;
        if (node.operator() != null && primary != null && secondary != null) {
            CombineOperator operator = CombineOperator.valueOf(node.operator().toUpperCase(Locale.ROOT));
            step = GraphStep.combine(id, operator, primary.stepId(), secondary.stepId(), recordType, name);
        } else if (primary != null) {
            step = GraphStep.transform(id, node.searchName(), recordType, node.parameters(), primary.stepId(), name);
        } else {
            step = GraphStep.search(id, node.searchName(), recordType, node.parameters(), name);
        }
        step = step.withUpstreamStepId(node.stepId());
        if (node.estimatedSize() != null) {
            step = step.withCount(node.estimatedSize(), null);
        }
        return new Added(withInputs.add(step), id);
    }
}
