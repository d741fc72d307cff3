package org.strategylab.chat.graph;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The strategy a conversation edits (spec §1.2): search, combine and transform steps, in the order
 * they were made. A value: every edit answers a new graph, so a tool that fails half-way leaves the
 * stored graph as it was.
 *
 * @param recordType the record type of its results ({@code transcript} for genes)
 * @param steps      its steps, oldest first
 * @param nextId     the number of the next step's id ({@code step-<n>}); never reused, so an id a
 *                   message mentions always meant one step
 */
public record StrategyGraph(String recordType, List<GraphStep> steps, int nextId) {

    public static final String GENES = "transcript";

    public StrategyGraph {
        recordType = recordType == null ? GENES : recordType;
        steps = steps == null ? List.of() : List.copyOf(steps);
        nextId = Math.max(nextId, 1);
    }

    /** A graph without steps. */
    public static StrategyGraph empty() {
        return new StrategyGraph(GENES, List.of(), 1);
    }

    /** The id the next new step gets. */
    public String newStepId() {
        return "step-" + nextId;
    }

    public Optional<GraphStep> step(String id) {
        return steps.stream().filter(s -> s.id().equals(id)).findFirst();
    }

    /** The graph with a new step; ids handed out later come after its number. */
    public StrategyGraph add(GraphStep step) {
        List<GraphStep> next = new ArrayList<>(steps);
        next.add(step);
        return new StrategyGraph(recordType, next, Math.max(nextId, number(step.id()) + 1));
    }

    /** The graph with {@link #newStepId()} handed out (the step it names comes later). */
    public StrategyGraph reserve() {
        return new StrategyGraph(recordType, steps, nextId + 1);
    }

    private static int number(String id) {
        try {
            return id != null && id.startsWith("step-") ? Integer.parseInt(id.substring(5)) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The graph with one step changed. */
    public StrategyGraph replace(String id, UnaryOperator<GraphStep> change) {
        return new StrategyGraph(recordType, steps.stream().map(s -> s.id().equals(id) ? change.apply(s) : s).toList(),
                nextId);
    }

    /** The graph with every step changed. */
    public StrategyGraph replaceAll(UnaryOperator<GraphStep> change) {
        return new StrategyGraph(recordType, steps.stream().map(change).toList(), nextId);
    }

    /** The graph without a step. */
    public StrategyGraph remove(String id) {
        return new StrategyGraph(recordType, steps.stream().filter(s -> !s.id().equals(id)).toList(), nextId);
    }

    /** The steps that read this one. */
    public List<GraphStep> consumersOf(String id) {
        return steps.stream().filter(s -> s.inputs().contains(id)).toList();
    }

    /** The steps no other step reads: one when the strategy is whole. */
    @JsonIgnore
    public List<GraphStep> roots() {
        Set<String> read = new HashSet<>();
        steps.forEach(s -> read.addAll(s.inputs()));
        return steps.stream().filter(s -> !read.contains(s.id())).toList();
    }

    /** The root, when there is exactly one. */
    @JsonIgnore
    public Optional<GraphStep> root() {
        List<GraphStep> roots = roots();
        return roots.size() == 1 ? Optional.of(roots.get(0)) : Optional.empty();
    }

    /** The steps of the subtree under a step (itself included), inputs first. */
    public List<GraphStep> subtree(String id) {
        List<GraphStep> order = new ArrayList<>();
        collect(id, order, new HashSet<>());
        return order;
    }

    private void collect(String id, List<GraphStep> order, Set<String> seen) {
        if (!seen.add(id)) {
            return;
        }
        step(id).ifPresent(s -> {
            s.inputs().forEach(input -> collect(input, order, seen));
            order.add(s);
        });
    }

    /**
     * What is wrong with the graph's structure ({@code validate_graph_structure}): unknown inputs,
     * wrong arity for a step's kind, missing operators, cycles, a step read by two others, and more
     * than one root. Empty when the graph is a well-formed strategy (or has no steps).
     */
    public List<String> structuralProblems() {
        List<String> problems = new ArrayList<>();
        Map<String, GraphStep> byId = new LinkedHashMap<>();
        for (GraphStep step : steps) {
            if (byId.putIfAbsent(step.id(), step) != null) {
                problems.add(step.id() + ": the id is used twice");
            }
        }
        Map<String, String> readBy = new LinkedHashMap<>();
        for (GraphStep step : steps) {
            for (String input : step.inputs()) {
                if (!byId.containsKey(input)) {
                    problems.add(step.id() + ": its input " + input + " does not exist");
                }
                String other = readBy.putIfAbsent(input, step.id());
                if (other != null) {
                    problems.add(input + ": read by both " + other + " and " + step.id()
                            + " (a strategy is a tree: each step feeds one other)");
                }
            }
            switch (step.kind()) {
                case SEARCH -> {
                    if (step.searchName() == null || step.searchName().isBlank()) {
                        problems.add(step.id() + ": a search step needs a searchName");
                    }
                    if (!step.inputs().isEmpty()) {
                        problems.add(step.id() + ": a search step takes no input step");
                    }
                }
                case COMBINE -> {
                    if (step.operator() == null) {
                        problems.add(step.id() + ": a combine step needs an operator (INTERSECT, UNION, MINUS, RMINUS, LONLY or RONLY)");
                    }
                    if (step.primaryInputStepId() == null || step.secondaryInputStepId() == null) {
                        problems.add(step.id() + ": a combine step needs two input steps");
                    }
                }
                case TRANSFORM -> {
                    if (step.searchName() == null || step.searchName().isBlank()) {
                        problems.add(step.id() + ": a transform step needs a searchName");
                    }
                    if (step.primaryInputStepId() == null || step.secondaryInputStepId() != null) {
                        problems.add(step.id() + ": a transform step takes exactly one input step");
                    }
                }
            }
        }
        for (GraphStep step : steps) {
            if (reaches(step.id(), step.id(), byId, new HashSet<>())) {
                problems.add(step.id() + ": it is its own input (a cycle)");
            }
        }
        List<GraphStep> roots = roots();
        if (steps.size() > 0 && roots.size() != 1) {
            problems.add(roots.isEmpty() ? "the graph has no root step (every step is some step's input)"
                    : "the graph has " + roots.size() + " separate parts (roots " + String.join(", ",
                    roots.stream().map(GraphStep::id).toList()) + "); combine them into one strategy");
        }
        return problems;
    }

    private static boolean reaches(String from, String target, Map<String, GraphStep> byId, Set<String> seen) {
        GraphStep step = byId.get(from);
        if (step == null || !seen.add(from)) {
            return false;
        }
        for (String input : step.inputs()) {
            if (input.equals(target) || reaches(input, target, byId, seen)) {
                return true;
            }
        }
        return false;
    }
}
