package org.strategylab.chat.service;

import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.persistence.GraphDocuments;
import org.strategylab.chat.persistence.StrategyRepository;
import org.strategylab.chat.tools.TurnGraph;

/**
 * Where a conversation's graph changes go, for a turn's tools and for a person's edits alike: each
 * change is stored on the conversation's row at once with the version it replaces kept for undo
 * (blocking; the callers run on worker threads).
 */
final class StoredGraph implements TurnGraph.Store {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final StrategyRepository strategies;
    private final GraphDocuments graphs;
    private final UUID strategyId;
    private final String ownerId;

    StoredGraph(StrategyRepository strategies, GraphDocuments graphs, UUID strategyId, String ownerId) {
        this.strategies = strategies;
        this.graphs = graphs;
        this.strategyId = strategyId;
        this.ownerId = ownerId;
    }

    @Override
    public void save(StrategyGraph next) {
        strategies.update(strategyId, ownerId, row -> graphs.writeUndoable(row, next)).await().atMost(WAIT);
    }

    @Override
    public Optional<StrategyGraph> restorePrevious() {
        AtomicReference<Optional<StrategyGraph>> restored = new AtomicReference<>(Optional.empty());
        strategies.update(strategyId, ownerId, row -> restored.set(graphs.undo(row))).await().atMost(WAIT);
        return restored.get();
    }

    @Override
    public Optional<StrategyGraph> restoreNext() {
        AtomicReference<Optional<StrategyGraph>> restored = new AtomicReference<>(Optional.empty());
        strategies.update(strategyId, ownerId, row -> restored.set(graphs.redo(row))).await().atMost(WAIT);
        return restored.get();
    }
}
