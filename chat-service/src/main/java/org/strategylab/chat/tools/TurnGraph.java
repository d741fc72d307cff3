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

        /** Puts back the version the last saved change replaced, and answers it; empty when none is kept. */
        default java.util.Optional<StrategyGraph> restorePrevious() {
            return java.util.Optional.empty();
        }

        /** Puts back the version the last restore replaced, and answers it; empty when none is kept. */
        default java.util.Optional<StrategyGraph> restoreNext() {
            return java.util.Optional.empty();
        }
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

    /** A new step id, never handed out twice even to tools running at once (sub-agents). */
    public synchronized String reserveStepId() {
        String id = current.newStepId();
        current = current.reserve();
        return id;
    }

    /**
     * Applies a change to the graph as it is now, stores the result and records the change for the
     * loop to announce; answers the new graph. The change is applied to the latest graph, so tools
     * running at once (sub-agents) never lose each other's steps.
     */
    public synchronized StrategyGraph apply(java.util.function.UnaryOperator<StrategyGraph> change, String stepId,
                                            String action) {
        StrategyGraph before = current;
        StrategyGraph next = change.apply(before);
        store.save(next);
        current = next;
        // a deleted step is announced as it was
        GraphStep step = next.step(stepId).or(() -> before.step(stepId)).orElse(null);
        pending.add(new Change(step, action));
        return next;
    }

    /**
     * Goes back to the graph as it was before its last change (stored first), and records the change
     * for the loop to announce; empty when no earlier version is kept.
     */
    public synchronized java.util.Optional<StrategyGraph> undo() {
        return restored(store.restorePrevious(), "undone");
    }

    /**
     * Brings back the graph the last undo replaced (stored first), and records the change for the loop
     * to announce; empty when there is none (or the graph changed since).
     */
    public synchronized java.util.Optional<StrategyGraph> redo() {
        return restored(store.restoreNext(), "redone");
    }

    private java.util.Optional<StrategyGraph> restored(java.util.Optional<StrategyGraph> previous, String action) {
        previous.ifPresent(graph -> {
            StrategyGraph before = current;
            current = graph;
            // announced by the step the undone change concerned: one it brought back or changed back, else one it removed
            graph.steps().stream().filter(step -> !before.steps().contains(step)).findFirst()
                    .or(() -> before.steps().stream().filter(step -> !graph.steps().contains(step)).findFirst())
                    .ifPresent(step -> pending.add(new Change(step, action)));
        });
        return previous;
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
