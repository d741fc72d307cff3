package org.strategylab.evaluation.stepanalysis;

import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.model.OperatorComparison;
import org.strategylab.evaluation.model.OperatorVariant;
import org.strategylab.evaluation.model.ParameterSensitivity;
import org.strategylab.evaluation.model.ParameterSweepPoint;
import org.strategylab.evaluation.model.RankMetrics;
import org.strategylab.evaluation.model.StepAnalysisResult;
import org.strategylab.evaluation.model.StepContribution;
import org.strategylab.evaluation.model.StepEvaluation;
import org.strategylab.evaluation.model.StepTreeNode;
import org.strategylab.evaluation.stats.SampleSize;
import org.strategylab.evaluation.rank.RankMetricsCalculator;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The four step-analysis phases (spec 4.5.14; DECISIONS 15; evaluation-semantics §11) as pure
 * strategies over a {@link TreeEvaluator}.
 *
 * <ol>
 * <li>Per-leaf evaluation of each leaf's branch, keeping ancestor transforms; movements relative to
 * the whole tree.</li>
 * <li>Operator comparison: at each combine node the <em>whole tree</em> is evaluated with INTERSECT,
 * UNION and MINUS; the first best F1 is recommended when it beats the current operator by at least
 * {@link #MEANINGFUL_GAIN}, unless the sample is low and the better operator differs by at most one
 * control's move: then the current operator is kept with that reason.</li>
 * <li>Ablation: each leaf removed (its parent combine replaced by the sibling); the verdict comes
 * from the F1 change, a two-sided rule weighing recall and false positives together: F1 drop
 * ≥ 0.10 essential, ≥ 0.02 helpful, F1 gain ≥ 0.02 harmful, else neutral. With a low sample (fewer
 * than the low-sample threshold of controls in a present class) a non-neutral verdict that rests on at most
 * one control's move (|Δ positives hit| + |Δ negatives hit| ≤ 1) is {@code inconclusive} instead.</li>
 * <li>Numeric parameter sweep: 5 evenly spaced points over the declared range plus the current
 * value, paired min/max bounds kept consistent, identical searches (same search name and full
 * parameter set) swept once; a value is recommended only for an F1 gain ≥ {@link #MEANINGFUL_GAIN}.</li>
 * </ol>
 */
public final class StepAnalyzer {
    /** The F1 gain below which no change is recommended. */
    public static final double MEANINGFUL_GAIN = 0.01;
    /** The operators compared at each combine node. */
    public static final List<String> OPERATORS = List.of("INTERSECT", "UNION", "MINUS");
    /** The verdict when a low sample's change rests on one control's move. */
    public static final String INCONCLUSIVE = "inconclusive";
    static final double ESSENTIAL = 0.10;
    static final double HELPFUL = 0.02;
    /** Absorbs representation error at the verdict boundaries (8/10 − 7/10 is not exactly 0.1 in binary). */
    private static final double EPS = 1e-9;
    private static final int SWEEP_POINTS = 5;

    /** The phases; all run by default. */
    public enum Phase { STEP_EVALUATION, OPERATOR_COMPARISON, CONTRIBUTION, SENSITIVITY }

    private final TreeEvaluator evaluator;
    private final ParameterCatalog catalog;
    private final ControlSets controls;
    private final int minControlsPerClass;

    /**
     * @param controls used only for precision@K deltas when evaluations carry ordered IDs (may be null)
     */
    public StepAnalyzer(TreeEvaluator evaluator, ParameterCatalog catalog, ControlSets controls) {
        this(evaluator, catalog, controls, SampleSize.DEFAULT_MIN_CONTROLS_PER_CLASS);
    }

    /**
     * @param minControlsPerClass below this many controls in a present class the sample is low: verdicts
     *                            and recommendations resting on one control's move are withheld
     */
    public StepAnalyzer(TreeEvaluator evaluator, ParameterCatalog catalog, ControlSets controls,
                        int minControlsPerClass) {
        this.evaluator = evaluator;
        this.catalog = catalog == null ? ParameterCatalog.NONE : catalog;
        this.controls = controls;
        this.minControlsPerClass = minControlsPerClass;
    }

    private boolean lowSample(TreeEvaluation base) {
        return SampleSize.isLow(base.positiveTotal(), base.negativeTotal(), minControlsPerClass);
    }

    /** Whether two evaluations differ by at most one control changing sides. */
    private static boolean withinOneControl(int positivesA, int negativesA, int positivesB, int negativesB) {
        return Math.abs(positivesA - positivesB) + Math.abs(negativesA - negativesB) <= 1;
    }

    /** Runs the requested phases (null or empty: all). */
    public StepAnalysisResult analyse(StepTreeNode tree, Set<Phase> phases) {
        Set<Phase> run = phases == null || phases.isEmpty() ? EnumSet.allOf(Phase.class) : phases;
        TreeEvaluation baseline = evaluator.evaluate(tree);
        return new StepAnalysisResult(
                run.contains(Phase.STEP_EVALUATION) ? stepEvaluations(tree, baseline) : List.of(),
                run.contains(Phase.OPERATOR_COMPARISON) ? operatorComparisons(tree, baseline) : List.of(),
                run.contains(Phase.CONTRIBUTION) ? contributions(tree, baseline) : List.of(),
                run.contains(Phase.SENSITIVITY) ? sensitivities(tree, baseline) : List.of(),
                SampleSize.warnings(baseline.positiveTotal(), baseline.negativeTotal(), minControlsPerClass));
    }

    private static boolean hidden(StepTreeNode leaf) {
        return leaf.searchName() == null || leaf.searchName().isBlank() || leaf.searchName().startsWith("__");
    }

    List<StepEvaluation> stepEvaluations(StepTreeNode tree, TreeEvaluation base) {
        List<StepEvaluation> out = new ArrayList<>();
        for (StepTreeNode leaf : StrategyTree.leaves(tree)) {
            if (hidden(leaf)) {
                continue;
            }
            TreeEvaluation e = evaluator.evaluate(StrategyTree.branchOf(tree, leaf));
            out.add(new StepEvaluation(leaf.id(), leaf.searchName(),
                    leaf.displayName() == null ? leaf.searchName() : leaf.displayName(), e.resultCount(),
                    e.positiveHits(), e.positiveTotal(), e.negativeHits(), e.negativeTotal(), e.recall(),
                    e.falsePositiveRate(), e.capturedPositiveIds(), e.capturedNegativeIds(),
                    e.positiveHits() - base.positiveHits(), e.negativeHits() - base.negativeHits(),
                    (e.positiveTotal() - e.positiveHits()) - (base.positiveTotal() - base.positiveHits()),
                    e.transcriptCount()));
        }
        return out;
    }

    List<OperatorComparison> operatorComparisons(StepTreeNode tree, TreeEvaluation base) {
        List<OperatorComparison> out = new ArrayList<>();
        for (StepTreeNode node : StrategyTree.combines(tree)) {
            String current = node.operator();
            List<OperatorVariant> variants = new ArrayList<>();
            Map<Integer, Double> pkDelta = new LinkedHashMap<>();
            OperatorVariant best = null;
            OperatorVariant currentVariant = null;
            for (String op : OPERATORS) {
                TreeEvaluation e = op.equals(current) ? base
                        : evaluator.evaluate(StrategyTree.replace(tree, node, n -> n.withOperator(op)));
                OperatorVariant v = new OperatorVariant(op, e.positiveHits(), e.negativeHits(), e.resultCount(),
                        e.recall(), e.falsePositiveRate(), e.f1());
                variants.add(v);
                if (best == null || v.f1Score() > best.f1Score()) {
                    best = v;
                }
                if (op.equals(current)) {
                    currentVariant = v;
                }
            }
            if (currentVariant == null) { // e.g. RMINUS: the current tree is the reference
                currentVariant = new OperatorVariant(current, base.positiveHits(), base.negativeHits(),
                        base.resultCount(), base.recall(), base.falsePositiveRate(), base.f1());
                variants.add(currentVariant);
            }
            String recommended = current;
            String text;
            boolean gain = !best.operator().equals(current)
                    && best.f1Score() - currentVariant.f1Score() >= MEANINGFUL_GAIN - EPS;
            if (gain && lowSample(base) && withinOneControl(best.positiveHits(), best.negativeHits(),
                    currentVariant.positiveHits(), currentVariant.negativeHits())) {
                text = String.format(Locale.ROOT, "Keep %s: %s scores F1 %.3f against %.3f, but with only %d positive "
                                + "and %d negative controls that is one control's difference, too few to recommend a change.",
                        current, best.operator(), best.f1Score(), currentVariant.f1Score(), base.positiveTotal(),
                        base.negativeTotal());
            } else if (gain) {
                recommended = best.operator();
                text = String.format(Locale.ROOT, "Switch %s to %s: F1 %.3f \u2192 %.3f.", current, best.operator(),
                        currentVariant.f1Score(), best.f1Score());
                if (controls != null && base.orderedIds() != null) {
                    String bestOperator = best.operator();
                    TreeEvaluation alt = evaluator.evaluate(StrategyTree.replace(tree, node, n -> n.withOperator(bestOperator)));
                    if (alt.orderedIds() != null) {
                        RankMetrics before = RankMetricsCalculator.compute(base.orderedIds(), controls, null);
                        RankMetrics after = RankMetricsCalculator.compute(alt.orderedIds(), controls, null);
                        // an empty list has no rank metrics: its precision counts as 0 at every K
                        for (int k : RankMetricsCalculator.DEFAULT_K) {
                            pkDelta.put(k, after.precisionAtK().getOrDefault(k, 0.0)
                                    - before.precisionAtK().getOrDefault(k, 0.0));
                        }
                    }
                }
            } else {
                text = String.format(Locale.ROOT, "Keep %s: no operator improves F1 by %.2f or more.", current,
                        MEANINGFUL_GAIN);
            }
            out.add(new OperatorComparison(node.id(), current, variants, text, recommended, pkDelta));
        }
        return out;
    }

    List<StepContribution> contributions(StepTreeNode tree, TreeEvaluation base) {
        List<StepTreeNode> leaves = StrategyTree.leaves(tree);
        List<StepContribution> out = new ArrayList<>();
        if (leaves.size() < 2) {
            return out;
        }
        for (StepTreeNode leaf : leaves) {
            StepTreeNode ablated = StrategyTree.withoutLeaf(tree, leaf);
            if (ablated == null) {
                continue;
            }
            TreeEvaluation e = evaluator.evaluate(ablated);
            double recallDelta = e.recall() - base.recall();
            double fprDelta = e.falsePositiveRate() - base.falsePositiveRate();
            double f1Delta = base.f1() - e.f1();
            String verdict = verdict(f1Delta);
            if (!"neutral".equals(verdict) && lowSample(base)
                    && withinOneControl(e.positiveHits(), e.negativeHits(), base.positiveHits(), base.negativeHits())) {
                verdict = INCONCLUSIVE;
            }
            out.add(new StepContribution(leaf.id(), leaf.searchName(), base.recall(), e.recall(), recallDelta,
                    base.falsePositiveRate(), e.falsePositiveRate(), fprDelta, verdict, 0.0,
                    narrative(verdict, recallDelta, fprDelta, f1Delta), base.f1(), e.f1(), f1Delta));
        }
        return out;
    }

    /** essential / helpful / neutral / harmful from the F1 lost when the step is removed. */
    public static String verdict(double f1Drop) {
        if (f1Drop >= ESSENTIAL - EPS) {
            return "essential";
        }
        if (f1Drop >= HELPFUL - EPS) {
            return "helpful";
        }
        if (f1Drop <= -HELPFUL + EPS) {
            return "harmful";
        }
        return "neutral";
    }

    private static String narrative(String verdict, double recallDelta, double fprDelta, double f1Delta) {
        List<String> parts = new ArrayList<>();
        if (Math.abs(recallDelta) > EPS) {
            parts.add(String.format(Locale.ROOT, "removing this step %s recall by %.1f%%",
                    recallDelta < 0 ? "lowers" : "raises", 100 * Math.abs(recallDelta)));
        }
        if (Math.abs(fprDelta) > EPS) {
            parts.add(String.format(Locale.ROOT, "%s the false positive rate by %.1f%%",
                    fprDelta < 0 ? "lowers" : "raises", 100 * Math.abs(fprDelta)));
        }
        String effect = parts.isEmpty() ? "Removing this step changes neither recall nor the false positive rate"
                : Character.toUpperCase(parts.get(0).charAt(0)) + String.join(" and ", parts).substring(1);
        return String.format(Locale.ROOT, "%s; F1 %s by %.3f. Verdict: %s.", effect,
                f1Delta >= 0 ? "drops" : "rises", Math.abs(f1Delta), verdict);
    }

    List<ParameterSensitivity> sensitivities(StepTreeNode tree, TreeEvaluation base) {
        List<ParameterSensitivity> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (StepTreeNode leaf : StrategyTree.leaves(tree)) {
            if (hidden(leaf) || !seen.add(leaf.searchName() + "\u0000" + new TreeMap<>(leaf.parameters()))) {
                continue; // an identical search (same name, same parameters) is swept once
            }
            List<NumericParameter> params = catalog.numericParameters(leaf);
            Map<String, NumericParameter> byName = new LinkedHashMap<>();
            params.forEach(p -> byName.put(p.name(), p));
            for (NumericParameter p : params) {
                out.add(sweep(tree, leaf, p, byName));
            }
        }
        return out;
    }

    private ParameterSensitivity sweep(StepTreeNode tree, StepTreeNode leaf, NumericParameter p,
                                       Map<String, NumericParameter> siblings) {
        Double declared = parse(leaf.parameters().get(p.name()));
        double ref = declared != null ? declared : p.current() != null ? p.current() : Double.NaN;
        double min = p.min() != null ? p.min() : Double.isNaN(ref) ? 0 : ref >= 0 ? 0 : ref * 10;
        double max = p.max() != null ? p.max() : !Double.isNaN(ref) && ref > 0 ? ref * 10 : 100;
        if (min >= max) {
            max = min + 1;
        }
        String partnerName = PairedBounds.partnerOf(p.name(), siblings.keySet());
        Double partner = partnerName == null ? null : parse(leaf.parameters().get(partnerName));
        if (partner == null && partnerName != null) {
            partner = siblings.get(partnerName).current();
        }
        boolean lower = PairedBounds.isLowerBound(p.name());
        if (partner != null) {
            // keep the pair consistent: a lower bound stays at or below its upper partner and vice versa
            double lo = lower ? min : Math.max(min, partner);
            double hi = lower ? Math.min(max, partner) : max;
            if (lo < hi) {
                min = lo;
                max = hi;
            }
        }
        double current = Double.isNaN(ref) ? (min + max) / 2 : Math.min(max, Math.max(min, ref));
        TreeSet<Double> values = new TreeSet<>();
        for (int i = 0; i < SWEEP_POINTS; i++) {
            double v = min + i * (max - min) / (SWEEP_POINTS - 1);
            values.add(p.integer() ? Math.rint(v) : v);
        }
        values.add(p.integer() ? Math.rint(current) : current);
        List<ParameterSweepPoint> points = new ArrayList<>();
        for (double v : values) {
            String text = p.integer() ? ParameterText.integer(v) : ParameterText.decimal(v);
            TreeEvaluation e = evaluator.evaluate(StrategyTree.replace(tree, leaf, n -> n.withParameter(p.name(), text)));
            points.add(new ParameterSweepPoint(v, e.positiveHits(), e.negativeHits(), e.resultCount(), e.recall(),
                    e.falsePositiveRate(), e.f1()));
        }
        ParameterSweepPoint best = points.get(0);
        ParameterSweepPoint atCurrent = points.get(0);
        for (ParameterSweepPoint pt : points) {
            if (pt.f1() > best.f1()) {
                best = pt;
            }
            if (Math.abs(pt.value() - current) < Math.abs(atCurrent.value() - current)) {
                atCurrent = pt;
            }
        }
        double recommended = current;
        String text = String.format(Locale.ROOT, "Keep %s = %s: no value in [%s, %s] improves F1 by %.2f or more.",
                p.name(), fmt(current), fmt(min), fmt(max), MEANINGFUL_GAIN);
        if (best.f1() - atCurrent.f1() >= MEANINGFUL_GAIN - EPS) {
            boolean crosses = partner != null && (lower ? best.value() > partner : best.value() < partner);
            if (!crosses) {
                recommended = best.value();
                text = String.format(Locale.ROOT, "Set %s to %s: F1 %.3f \u2192 %.3f.", p.name(), fmt(best.value()),
                        atCurrent.f1(), best.f1());
            }
        }
        return new ParameterSensitivity(leaf.id(), p.name(), current, points, recommended, text);
    }

    private static String fmt(double v) {
        return ParameterText.decimal(v);
    }

    private static Double parse(String s) {
        if (s == null) {
            return null;
        }
        try {
            double v = Double.parseDouble(s.trim());
            return Double.isFinite(v) ? v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
