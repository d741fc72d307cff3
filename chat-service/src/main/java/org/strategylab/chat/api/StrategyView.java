package org.strategylab.chat.api;

import java.util.List;
import org.strategylab.chat.graph.GraphSnapshot;

/**
 * A strategy with its graph and its latest messages ({@code GET /api/v1/strategies/{id}}).
 *
 * @param strategy       the strategy
 * @param graph          its steps, edges and root
 * @param problems       what keeps the graph from being one runnable strategy (empty when it is)
 * @param messages       its latest messages, oldest first (all of them: {@code /messages})
 * @param activeOperationId the turn running now, if one is
 */
public record StrategyView(StrategyHeader strategy, GraphSnapshot graph, List<String> problems,
                           List<MessageView> messages, String activeOperationId) {
}
