package org.strategylab.chat.tools;

import java.util.ArrayList;
import java.util.List;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;

/**
 * The graph a turn edits. A tool commits a whole new graph at once, which is stored before the
 * tool answers (so a change the model was told about survives a restart, and a tool that fails
 * half-way changes nothing); the agent loop then announces the change ({@code strategy_update},
 * {@code graph_snapshot}).
 */
public final class TurnGraph {

    /** Where committed graphs go. */
    @FunctionalInterface
    public interface Store {
        void save(StrategyGraph graph);
    }

    /** A committed change: the step it concerns (null for a deletion's survivors) and what happened. */
    public record Change(GraphStep step, String action) {
    }

    private final Store store;
    private final String name;
    private StrategyGraph current;
    private final List<Change> pending = new ArrayList<>();
    private final List<Object> links = new ArrayList<>();

    public TurnGraph(String name, StrategyGraph start, Store store) {
        this.name = name;
        this.current = start;
        this.store = store;
    }

    public synchronized StrategyGraph current() {
        return current;
    }

    public String name() {
        return name;
    }

    /** Stores the new graph and records the change for the loop to announce. */
    public synchronized void commit(StrategyGraph next, GraphStep step, String action) {
        store.save(next);
        current = next;
        pending.add(new Change(step, action));
    }

    /**
     * Takes a graph that was stored elsewhere (with the strategy's link to its site), and records the
     * link for the loop to announce ({@code strategy_link}).
     */
    public synchronized void adoptLinked(StrategyGraph stored, Object link) {
        current = stored;
        links.add(link);
    }

    /** The links recorded since the last call. */
    public synchronized List<Object> drainLinks() {
        List<Object> recorded = List.copyOf(links);
        links.clear();
        return recorded;
    }

    /** The changes committed since the last call. */
    public synchronized List<Change> drainChanges() {
        List<Change> changes = List.copyOf(pending);
        pending.clear();
        return changes;
    }
}
