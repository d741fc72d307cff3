package org.strategylab.evaluation.optimization;

import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.model.OptimizationSpec;
import org.strategylab.evaluation.model.ParameterOptimizationResult;
import org.strategylab.evaluation.model.ParameterTrial;
import org.strategylab.evaluation.model.StepTreeNode;
import org.strategylab.evaluation.stepanalysis.StrategyTree;
import org.strategylab.evaluation.stepanalysis.TreeEvaluation;
import org.strategylab.evaluation.stepanalysis.TreeEvaluator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * Parameter optimisation of one search (spec §2.4 {@code OptimizationSpec};
 * {@code evaluation-semantics.md} §13): tunes numeric, integer and categorical parameters of a step
 * for an objective within a trial budget, every trial recorded.
 *
 * <p>Methods, all seeded and deterministic for a fixed seed: {@code adaptive} (default; also
 * accepted as {@code bayesian}, the name PathFinder's clients send) walks {@link AdaptivePoints};
 * {@code random} draws uniformly; {@code grid} walks the full grid in a seeded order, the budget
 * cut to the grid's size. Trial 1 of {@code adaptive} and {@code random} is the search as
 * configured, so the result says whether tuning beat it. A discrete space (choices, integers, numbers
 * with a step) with no more settings than the budget is walked whole, whatever the method.
 *
 * <p>Trials are proposed in batches of {@code parallelism} before any of them is scored and the
 * batch is evaluated at once on the given executor (the site is the slow part). Identical
 * parameter sets are evaluated once. Scores come from real counts: precision is TP/(TP+FP) and MCC
 * the true coefficient, not PathFinder's rate-only forms (DECISIONS 10). A failed evaluation is
 * recorded with score 0; when the first {@value #MAX_INITIAL_FAILURES} trials all fail the
 * optimisation ends with status {@code error}. It stops early once a trial reaches
 * {@value #TARGET_SCORE} or after {@code patience} trials without a strict improvement
 * ({@code adaptive} and {@code random} only; a grid is walked whole).
 */
public final class ParameterOptimizer {
    public static final int DEFAULT_BUDGET = 30;
    public static final int DEFAULT_PARALLELISM = 4;
    public static final int DEFAULT_PATIENCE = 10;
    public static final String DEFAULT_OBJECTIVE = "balanced_accuracy";
    public static final long DEFAULT_SEED = 42;
    static final int MAX_INITIAL_FAILURES = 5;
    static final double TARGET_SCORE = 0.9999;

    private final TreeEvaluator evaluator;
    private final ControlSets controls;
    private final Executor executor;

    /**
     * @param executor runs a batch's evaluations concurrently; {@code Runnable::run} evaluates them one
     *                 after the other on the calling thread
     */
    public ParameterOptimizer(TreeEvaluator evaluator, ControlSets controls, Executor executor) {
        this.evaluator = evaluator;
        this.controls = controls;
        this.executor = executor == null ? Runnable::run : executor;
    }

    /**
     * Inputs of one optimisation.
     *
     * @param baseTree     the search (a one-step tree) or strategy whose step is tuned
     * @param targetStepId the step to tune; null for the root of a one-step tree
     * @param method       {@code adaptive} (default, alias {@code bayesian}), {@code random} or {@code grid}
     * @param patience     trials without a strict improvement before stopping (null: 10; 0: never stop early)
     */
    public record Request(StepTreeNode baseTree, String targetStepId, List<OptimizationSpec> specs, String objective,
                          Integer budget, String method, Long seed, Integer parallelism, Integer patience) {
    }

    /** Hears each trial as it is recorded; may ask the optimisation to stop. */
    public interface Progress {
        /** A trial was recorded; {@code best} is the best so far (null while none completed). */
        void trial(ParameterTrial trial, ParameterTrial best, int recorded, int budget);

        /** Answers whether to stop before the next batch (the result then has status {@code cancelled}). */
        default boolean cancelled() {
            return false;
        }
    }

    /** Checks a request without evaluating anything: the same errors {@link #optimise} raises first. */
    public static void check(Request request) {
        plan(request);
    }

    /** Runs the optimisation. */
    public ParameterOptimizationResult optimise(Request request, Progress progress) {
        long started = System.nanoTime();
        Plan plan = plan(request);
        Progress listener = progress == null ? (t, b, n, m) -> { } : progress;
        int budget = plan.budget;
        // a discrete space no larger than the budget is walked whole: no trial is spent on a repeat
        boolean exhaustive = plan.space.size().isPresent() && plan.space.size().getAsLong() <= budget;
        List<double[]> grid = exhaustive ? plan.space.grid(plan.seed, true)
                : plan.method.equals("grid") ? plan.space.grid(plan.seed) : null;
        if (grid != null) {
            grid = currentFirst(plan, grid, budget);
            budget = Math.min(budget, grid.size());
        }
        AdaptivePoints path = new AdaptivePoints(choiceDimensions(plan.space), budget, plan.seed);
        Map<Map<String, Object>, ParameterTrial> cache = new HashMap<>();
        List<ParameterTrial> trials = new ArrayList<>(budget);
        ParameterTrial best = null;
        double[] bestPoint = null;
        int sinceImprovement = 0;
        String status = "completed";
        String stopReason = null;
        String error = null;
        while (trials.size() < budget) {
            if (listener.cancelled()) {
                status = "cancelled";
                break;
            }
            int size = Math.min(plan.parallelism, budget - trials.size());
            List<double[]> points = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                int t = trials.size() + i + 1;
                points.add(grid != null ? grid.get(t - 1)
                        : t == 1 ? plan.space.pointOf(plan.target.parameters())
                        : plan.method.equals("random") ? path.uniform() : path.next(t, bestPoint));
            }
            Map<Map<String, Object>, CompletableFuture<ParameterTrial>> running = new LinkedHashMap<>();
            for (double[] point : points) {
                Map<String, Object> values = plan.space.values(point);
                if (!cache.containsKey(values) && !running.containsKey(values)) {
                    running.put(values, CompletableFuture.supplyAsync(() -> evaluate(plan, values), executor));
                }
            }
            running.forEach((values, future) -> cache.put(values, join(future, values)));
            boolean stop = false;
            for (double[] point : points) {
                ParameterTrial trial = cache.get(plan.space.values(point)).renumbered(trials.size() + 1);
                trials.add(trial);
                if (trial.complete() && (best == null || trial.score() > best.score())) {
                    best = trial;
                    bestPoint = point;
                    sinceImprovement = 0;
                } else {
                    sinceImprovement++;
                }
                if (bestPoint == null) {
                    bestPoint = point;
                }
                listener.trial(trial, best, trials.size(), budget);
                if (best == null && trials.size() >= MAX_INITIAL_FAILURES) {
                    status = "error";
                    error = "the first " + trials.size() + " trials all failed; last: " + trial.error();
                    stop = true;
                } else if (best != null && best.score() >= TARGET_SCORE) {
                    stopReason = "target_reached";
                    stop = true;
                } else if (grid == null && plan.patience > 0 && best != null && sinceImprovement >= plan.patience) {
                    stopReason = "no_improvement";
                    stop = true;
                }
                if (stop) {
                    break;
                }
            }
            if (stop) {
                break;
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        return new ParameterOptimizationResult(null, status, best, trials, ParetoFrontier.of(trials),
                ParameterImportance.of(plan.space, trials), seconds, budget, plan.objective.name(), error,
                trials.size() < budget && "completed".equals(status) ? stopReason : null);
    }

    /**
     * The grid with the search's own setting first (moved there when it is a grid point, else added
     * while the budget allows), so trial 1 is always what the search does now.
     */
    private static List<double[]> currentFirst(Plan plan, List<double[]> grid, int budget) {
        double[] current = plan.space.pointOf(plan.target.parameters());
        Map<String, Object> values = plan.space.values(current);
        List<double[]> ordered = new ArrayList<>(grid);
        for (int i = 0; i < ordered.size(); i++) {
            if (plan.space.values(ordered.get(i)).equals(values)) {
                ordered.add(0, ordered.remove(i));
                return ordered;
            }
        }
        if (ordered.size() < budget) {
            ordered.add(0, current);
        }
        return ordered;
    }

    private ParameterTrial evaluate(Plan plan, Map<String, Object> values) {
        StepTreeNode tree = plan.tree;
        for (Map.Entry<String, Object> e : values.entrySet()) {
            tree = StrategyTree.replace(tree, StrategyTree.find(tree, plan.target.id()),
                    n -> n.withParameter(e.getKey(), ParameterSpace.wire(e.getValue())));
        }
        TreeEvaluation ev = evaluator.evaluate(tree);
        return new ParameterTrial(0, values, plan.objective.score(ev, controls), ev.recall(), ev.falsePositiveRate(),
                ev.resultCount(), ev.positiveHits(), ev.negativeHits(), ev.positiveTotal(), ev.negativeTotal(),
                ParameterTrial.COMPLETE, null);
    }

    private static ParameterTrial join(CompletableFuture<ParameterTrial> future, Map<String, Object> values) {
        try {
            return future.join();
        } catch (CompletionException | java.util.concurrent.CancellationException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            return new ParameterTrial(0, values, 0.0, null, null, null, null, null, null, null, ParameterTrial.FAILED,
                    String.valueOf(cause.getMessage()));
        }
    }

    private static boolean[] choiceDimensions(ParameterSpace space) {
        boolean[] choice = new boolean[space.dimensions()];
        for (int i = 0; i < choice.length; i++) {
            choice[i] = ParameterSpace.CATEGORICAL.equals(space.specs().get(i).type());
        }
        return choice;
    }

    private record Plan(StepTreeNode tree, StepTreeNode target, ParameterSpace space, Objective objective, int budget,
                        String method, long seed, int parallelism, int patience) {
    }

    private static Plan plan(Request request) {
        if (request.baseTree() == null) {
            throw new ValidationException("baseTree", "is required");
        }
        StepTreeNode target;
        if (request.targetStepId() == null) {
            if (request.baseTree().isCombine()) {
                throw new ValidationException("targetStepId", "name the step of the strategy to tune");
            }
            target = request.baseTree();
        } else {
            target = StrategyTree.find(request.baseTree(), request.targetStepId());
            if (target == null || target.isCombine()) {
                throw new ValidationException("targetStepId", "no search or transform step '" + request.targetStepId() + "'");
            }
        }
        ParameterSpace space = ParameterSpace.of(request.specs());
        for (int i = 0; i < space.dimensions(); i++) {
            String name = space.specs().get(i).name();
            if (!target.parameters().containsKey(name)) {
                throw new ValidationException("specs[" + i + "].name", "'" + name + "' is not a parameter of "
                        + (target.searchName() == null ? "the step" : "search " + target.searchName()));
            }
        }
        Objective objective = Objective.parse(request.objective() == null ? DEFAULT_OBJECTIVE : request.objective());
        int budget = request.budget() == null ? DEFAULT_BUDGET : request.budget();
        if (budget < 1 || budget > 10_000) {
            throw new ValidationException("budget", "must be between 1 and 10000");
        }
        String method = request.method() == null ? "adaptive" : request.method().trim().toLowerCase(Locale.ROOT);
        if (method.equals("bayesian")) {
            method = "adaptive";
        }
        if (!List.of("adaptive", "random", "grid").contains(method)) {
            throw new ValidationException("method", "must be adaptive (or bayesian), random or grid");
        }
        int parallelism = request.parallelism() == null ? DEFAULT_PARALLELISM : request.parallelism();
        if (parallelism < 1 || parallelism > 64) {
            throw new ValidationException("parallelism", "must be between 1 and 64");
        }
        int patience = request.patience() == null ? DEFAULT_PATIENCE : request.patience();
        if (patience < 0) {
            throw new ValidationException("patience", "must be ≥ 0");
        }
        if (method.equals("grid")) {
            space.grid(0); // refuses a grid too large to walk before anything runs
        }
        return new Plan(request.baseTree(), target, space, objective, budget, method,
                request.seed() == null ? DEFAULT_SEED : request.seed(), parallelism, patience);
    }
}
