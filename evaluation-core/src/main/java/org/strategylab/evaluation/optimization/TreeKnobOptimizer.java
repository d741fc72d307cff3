package org.strategylab.evaluation.optimization;

import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.model.OperatorKnob;
import org.strategylab.evaluation.model.RankMetrics;
import org.strategylab.evaluation.model.StepTreeNode;
import org.strategylab.evaluation.model.ThresholdKnob;
import org.strategylab.evaluation.model.TreeOptimizationResult;
import org.strategylab.evaluation.model.TreeOptimizationTrial;
import org.strategylab.evaluation.rank.RankMetricsCalculator;
import org.strategylab.evaluation.stepanalysis.StrategyTree;
import org.strategylab.evaluation.stepanalysis.TreeEvaluation;
import org.strategylab.evaluation.stepanalysis.TreeEvaluator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tree-knob optimisation (spec 2.4; DECISIONS 16): tunes threshold parameters and combine operators
 * of a strategy tree for an objective within a trial budget.
 *
 * <p>Search strategy (seeded, deterministic): trial 1 is the tree as given, then
 * {@link AdaptivePoints} (Sobol exploration, then perturbations of the best trial; operators are
 * its choice dimensions). Thresholds snap to
 * {@code stepSize}; a knob the site declares whole-numbered takes whole numbers only. Identical parameter sets are evaluated once and re-recorded from the cache.
 * Every trial is recorded: {@code rejected} when the list exceeds {@code maxListSize} (score 0),
 * {@code failed} when the evaluation throws (score 0, error kept). The best trial is the first with
 * the strictly highest score among completed ones.
 */
public final class TreeKnobOptimizer {
    public static final int DEFAULT_BUDGET = 50;
    public static final long DEFAULT_SEED = 42;

    private final TreeEvaluator evaluator;
    private final ControlSets controls;

    public TreeKnobOptimizer(TreeEvaluator evaluator, ControlSets controls) {
        this.evaluator = evaluator;
        this.controls = controls;
    }

    /** Inputs of one optimisation. */
    public record Request(StepTreeNode baseTree, List<ThresholdKnob> thresholdKnobs, List<OperatorKnob> operatorKnobs,
                          String objective, Integer budget, Integer maxListSize, Long seed) {
    }

    /** Runs the optimisation. */
    public TreeOptimizationResult optimise(Request request) {
        long started = System.nanoTime();
        if (request.baseTree() == null) {
            throw new ValidationException("baseTree", "is required");
        }
        Objective objective = Objective.parse(request.objective());
        int budget = request.budget() == null ? DEFAULT_BUDGET : request.budget();
        if (budget < 1 || budget > 10_000) {
            throw new ValidationException("budget", "must be between 1 and 10000");
        }
        if (request.maxListSize() != null && request.maxListSize() < 0) {
            throw new ValidationException("maxListSize", "must be ≥ 0");
        }
        List<ThresholdKnob> thresholds = request.thresholdKnobs() == null ? List.of() : request.thresholdKnobs();
        List<OperatorKnob> operators = request.operatorKnobs() == null ? List.of() : request.operatorKnobs();
        validate(request.baseTree(), thresholds, operators);
        int dims = thresholds.size() + operators.size();
        boolean[] choice = new boolean[dims];
        java.util.Arrays.fill(choice, thresholds.size(), dims, true);
        AdaptivePoints path = new AdaptivePoints(choice, budget, request.seed() == null ? DEFAULT_SEED : request.seed());

        List<TreeOptimizationTrial> trials = new ArrayList<>(budget);
        Map<Map<String, Object>, TreeOptimizationTrial> cache = new HashMap<>();
        TreeOptimizationTrial best = null;
        double[] bestPoint = null;
        for (int t = 1; t <= budget; t++) {
            double[] point = t == 1 || dims == 0 ? currentPoint(request.baseTree(), thresholds, operators)
                    : path.next(t, bestPoint);
            Map<String, Object> params = parameters(point, thresholds, operators);
            TreeOptimizationTrial cached = cache.get(params);
            TreeOptimizationTrial trial = cached != null
                    ? new TreeOptimizationTrial(t, params, cached.score(), cached.rankMetrics(), cached.listSize(),
                    cached.status(), cached.error())
                    : run(t, params, request, thresholds, operators, objective);
            cache.putIfAbsent(params, trial);
            trials.add(trial);
            if ("complete".equals(trial.status()) && (best == null || trial.score() > best.score())) {
                best = trial;
                bestPoint = point;
            }
            if (bestPoint == null) {
                bestPoint = point;
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        return new TreeOptimizationResult(best, trials, seconds, objective.name());
    }

    private TreeOptimizationTrial run(int number, Map<String, Object> params, Request request,
                                      List<ThresholdKnob> thresholds, List<OperatorKnob> operators, Objective objective) {
        StepTreeNode tree = apply(request.baseTree(), params, thresholds, operators);
        try {
            TreeEvaluation e = evaluator.evaluate(tree);
            RankMetrics rank = e.orderedIds() == null ? null
                    : RankMetricsCalculator.compute(e.orderedIds(), controls,
                    objective.isRank() ? List.of(objective.k()) : null);
            if (request.maxListSize() != null && e.resultCount() > request.maxListSize()) {
                return new TreeOptimizationTrial(number, params, 0.0, rank, e.resultCount(), "rejected",
                        "list size " + e.resultCount() + " exceeds maxListSize " + request.maxListSize());
            }
            return new TreeOptimizationTrial(number, params, objective.score(e, controls), rank, e.resultCount(),
                    "complete", null);
        } catch (RuntimeException ex) {
            return new TreeOptimizationTrial(number, params, 0.0, null, 0, "failed", String.valueOf(ex.getMessage()));
        }
    }

    private static void validate(StepTreeNode tree, List<ThresholdKnob> thresholds, List<OperatorKnob> operators) {
        for (int i = 0; i < thresholds.size(); i++) {
            ThresholdKnob k = thresholds.get(i);
            if (k.paramName() == null || k.paramName().isBlank()) {
                throw new ValidationException("thresholdKnobs[" + i + "].paramName", "name the numeric parameter to tune");
            }
            if (StrategyTree.find(tree, k.stepId()) == null) {
                throw new ValidationException("thresholdKnobs[" + i + "].stepId", "no step '" + k.stepId() + "'");
            }
            if (!(k.minVal() <= k.maxVal()) || !Double.isFinite(k.minVal()) || !Double.isFinite(k.maxVal())) {
                throw new ValidationException("thresholdKnobs[" + i + "].maxVal", "must be finite and ≥ minVal");
            }
            if (k.stepSize() != null && !(k.stepSize() > 0)) {
                throw new ValidationException("thresholdKnobs[" + i + "].stepSize", "must be > 0");
            }
            if (k.wholeNumbers() && Math.ceil(k.minVal()) > Math.floor(k.maxVal())) {
                throw new ValidationException("thresholdKnobs[" + i + "].maxVal",
                        "'" + k.paramName() + "' takes whole numbers and none lies between minVal and maxVal");
            }
            if (k.wholeNumbers() && k.stepSize() != null && k.stepSize() != Math.rint(k.stepSize())) {
                throw new ValidationException("thresholdKnobs[" + i + "].stepSize",
                        "'" + k.paramName() + "' takes whole numbers; give a whole step");
            }
        }
        for (int i = 0; i < operators.size(); i++) {
            StepTreeNode n = StrategyTree.find(tree, operators.get(i).combineNodeId());
            if (n == null || !n.isCombine()) {
                throw new ValidationException("operatorKnobs[" + i + "].combineNodeId",
                        "no combine step '" + operators.get(i).combineNodeId() + "'");
            }
        }
    }

    /** The base tree's own settings as a point of the unit cube. */
    private static double[] currentPoint(StepTreeNode tree, List<ThresholdKnob> thresholds, List<OperatorKnob> operators) {
        double[] p = new double[thresholds.size() + operators.size()];
        for (int i = 0; i < thresholds.size(); i++) {
            ThresholdKnob k = thresholds.get(i);
            String v = StrategyTree.find(tree, k.stepId()).parameters().get(k.paramName());
            double x;
            try {
                x = v == null ? (k.minVal() + k.maxVal()) / 2 : Double.parseDouble(v.trim());
            } catch (NumberFormatException e) {
                x = (k.minVal() + k.maxVal()) / 2;
            }
            p[i] = k.maxVal() > k.minVal() ? Math.min(1, Math.max(0, (x - k.minVal()) / (k.maxVal() - k.minVal()))) : 0;
        }
        for (int j = 0; j < operators.size(); j++) {
            OperatorKnob k = operators.get(j);
            int idx = k.options().indexOf(StrategyTree.find(tree, k.combineNodeId()).operator());
            p[thresholds.size() + j] = idx < 0 ? 0 : (idx + 0.5) / k.options().size();
        }
        return p;
    }

    private static Map<String, Object> parameters(double[] point, List<ThresholdKnob> thresholds,
                                                  List<OperatorKnob> operators) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < thresholds.size(); i++) {
            ThresholdKnob k = thresholds.get(i);
            if (k.wholeNumbers()) {
                out.put(k.stepId() + ":" + k.paramName(), wholeValue(k, point[i]));
                continue;
            }
            double v = k.minVal() + point[i] * (k.maxVal() - k.minVal());
            if (k.stepSize() != null) {
                v = Math.min(k.maxVal(), k.minVal() + Math.rint((v - k.minVal()) / k.stepSize()) * k.stepSize());
            }
            // a clean decimal so equal settings compare equal and reach the upstream as written
            out.put(k.stepId() + ":" + k.paramName(), Double.parseDouble(SweepValues.decimal(v)));
        }
        for (int j = 0; j < operators.size(); j++) {
            OperatorKnob k = operators.get(j);
            int idx = Math.min(k.options().size() - 1, (int) (point[thresholds.size() + j] * k.options().size()));
            out.put(k.combineNodeId(), k.options().get(idx));
        }
        return out;
    }

    /**
     * A whole-numbered knob's value at a unit-cube coordinate: the whole numbers of the range
     * (every {@code stepSize}-th from the lowest), so the site is never sent a fraction.
     */
    private static Long wholeValue(ThresholdKnob k, double x) {
        long low = (long) Math.ceil(k.minVal());
        long high = (long) Math.floor(k.maxVal());
        long step = k.stepSize() == null ? 1 : Math.max(1, Math.round(k.stepSize()));
        long levels = (high - low) / step;
        long index = Math.min(levels, Math.round(Math.min(1, Math.max(0, x)) * levels));
        return low + index * step;
    }

    private static StepTreeNode apply(StepTreeNode tree, Map<String, Object> params, List<ThresholdKnob> thresholds,
                                      List<OperatorKnob> operators) {
        StepTreeNode t = tree;
        for (ThresholdKnob k : thresholds) {
            Object raw = params.get(k.stepId() + ":" + k.paramName());
            String value = raw instanceof Long whole ? Long.toString(whole) : SweepValues.decimal((Double) raw);
            t = StrategyTree.replace(t, StrategyTree.find(t, k.stepId()), n -> n.withParameter(k.paramName(), value));
        }
        for (OperatorKnob k : operators) {
            String op = (String) params.get(k.combineNodeId());
            t = StrategyTree.replace(t, StrategyTree.find(t, k.combineNodeId()), n -> n.withOperator(op));
        }
        return t;
    }
}
