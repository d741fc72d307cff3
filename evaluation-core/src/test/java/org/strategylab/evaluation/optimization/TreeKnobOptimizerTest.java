package org.strategylab.evaluation.optimization;

import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.model.OperatorKnob;
import org.strategylab.evaluation.model.StepTreeNode;
import org.strategylab.evaluation.model.ThresholdKnob;
import org.strategylab.evaluation.model.TreeOptimizationResult;
import org.strategylab.evaluation.model.TreeOptimizationTrial;
import org.strategylab.evaluation.stepanalysis.SyntheticStrategies;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TreeKnobOptimizerTest {
    static final List<String> P = new ArrayList<>(SyntheticStrategies.range(0, 20));
    static final List<String> N = new ArrayList<>(SyntheticStrategies.range(80, 100));

    static SyntheticStrategies world() {
        Map<String, Function<Map<String, String>, Set<String>>> s = Map.of(
                "below", p -> SyntheticStrategies.range(0, (int) Double.parseDouble(p.get("max"))),
                "tail", p -> SyntheticStrategies.range(90, 100));
        return new SyntheticStrategies(s, P, N);
    }

    static StepTreeNode tree() {
        return StepTreeNode.combine("c", "INTERSECT", StepTreeNode.leaf("a", "below", Map.of("max", "90")),
                StepTreeNode.leaf("b", "tail", null));
    }

    static TreeKnobOptimizer.Request request(String objective, Integer budget, Integer maxListSize) {
        return new TreeKnobOptimizer.Request(tree(), List.of(new ThresholdKnob("a", "max", 0, 100, 1.0, null)),
                List.of(new OperatorKnob("c", null)), objective, budget, maxListSize, null);
    }

    @Test
    void recordsEveryTrialWithinBudgetAndFindsTheOptimum() {
        SyntheticStrategies w = world();
        TreeOptimizationResult r = new TreeKnobOptimizer(w, ControlSets.of(P, N)).optimise(request("f1", null, null));
        assertEquals(TreeKnobOptimizer.DEFAULT_BUDGET, r.allTrials().size());
        assertTrue(w.evaluations <= TreeKnobOptimizer.DEFAULT_BUDGET);
        double max = r.allTrials().stream().mapToDouble(TreeOptimizationTrial::score).max().orElseThrow();
        assertEquals(max, r.bestTrial().score());
        TreeOptimizationTrial firstMax = r.allTrials().stream().filter(t -> t.score() == max).findFirst().orElseThrow();
        assertEquals(firstMax.trialNumber(), r.bestTrial().trialNumber(), "first strictly best trial wins");
        assertTrue(max > 0.9, "UNION/MINUS with max near 20 separates the classes: " + max);
        assertEquals("f1", r.objective());
        assertEquals(Map.of("a:max", 90.0, "c", "INTERSECT"), r.allTrials().get(0).parameters(), "trial 1 is the tree as given");
    }

    @Test
    void aWholeNumberedKnobIsTriedAtWholeNumbersWithinItsRangeEachOnce() {
        SyntheticStrategies w = world();
        var request = new TreeKnobOptimizer.Request(tree(), List.of(new ThresholdKnob("a", "max", 0.5, 6.7, null, true)),
                null, "f1", 20, null, null);
        TreeOptimizationResult r = new TreeKnobOptimizer(w, ControlSets.of(P, N)).optimise(request);
        assertEquals(20, r.allTrials().size());
        Set<Object> seen = new java.util.HashSet<>();
        for (TreeOptimizationTrial t : r.allTrials()) {
            Object v = t.parameters().get("a:max");
            assertTrue(v instanceof Long, "a whole number, not " + v);
            assertTrue((Long) v >= 1 && (Long) v <= 6, "within [1, 6]: " + v);
            seen.add(v);
        }
        assertTrue(w.evaluations <= seen.size(), "each value evaluated once: " + w.evaluations + " for " + seen);
    }

    @Test
    void aKnobWithoutAParameterOrWithoutAWholeNumberInRangeIsRefused() {
        var blank = new TreeKnobOptimizer.Request(tree(), List.of(new ThresholdKnob("a", " ", 0, 5, null, null)), null, "f1", 5,
                null, null);
        assertEquals("thresholdKnobs[0].paramName", assertThrows(ValidationException.class,
                () -> new TreeKnobOptimizer(world(), ControlSets.of(P, N)).optimise(blank)).field());
        var empty = new TreeKnobOptimizer.Request(tree(), List.of(new ThresholdKnob("a", "max", 0.2, 0.8, null, true)), null,
                "f1", 5, null, null);
        assertEquals("thresholdKnobs[0].maxVal", assertThrows(ValidationException.class,
                () -> new TreeKnobOptimizer(world(), ControlSets.of(P, N)).optimise(empty)).field());
    }

    @Test
    void isDeterministicForAFixedSeed() {
        var a = new TreeKnobOptimizer(world(), ControlSets.of(P, N)).optimise(request("mcc", 20, null));
        var b = new TreeKnobOptimizer(world(), ControlSets.of(P, N)).optimise(request("mcc", 20, null));
        assertEquals(a.allTrials().stream().map(TreeOptimizationTrial::parameters).toList(),
                b.allTrials().stream().map(TreeOptimizationTrial::parameters).toList());
    }

    @Test
    void rejectedTrialsAreRecordedWithTheirListSize() {
        var r = new TreeKnobOptimizer(world(), ControlSets.of(P, N)).optimise(request("precision_at_5", 30, 15));
        assertEquals(30, r.allTrials().size());
        assertTrue(r.allTrials().stream().anyMatch(t -> "rejected".equals(t.status()) && t.listSize() > 15));
        assertTrue(r.bestTrial().listSize() <= 15);
        assertEquals("complete", r.bestTrial().status());
    }

    @Test
    void rankObjectivesHonourK() {
        // list g000..g089 (90 genes, 20 positives first): P@10 = 1, P@50 = 0.4
        var controls = ControlSets.of(P, N);
        var e = world().evaluate(tree().withOperator("MINUS"));
        assertEquals(1.0, Objective.parse("precision_at_10").score(e, controls), 1e-12);
        assertEquals(0.4, Objective.parse("precision_at_50").score(e, controls), 1e-12);
        assertEquals("objective", assertThrows(ValidationException.class, () -> Objective.parse("youdens")).field());
    }
}
