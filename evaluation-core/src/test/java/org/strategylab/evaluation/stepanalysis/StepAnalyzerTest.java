package org.strategylab.evaluation.stepanalysis;

import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.model.OperatorComparison;
import org.strategylab.evaluation.model.ParameterSensitivity;
import org.strategylab.evaluation.model.StepAnalysisResult;
import org.strategylab.evaluation.model.StepContribution;
import org.strategylab.evaluation.model.StepEvaluation;
import org.strategylab.evaluation.model.StepTreeNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StepAnalyzerTest {
    // positives g000..g019, negatives g080..g099
    static final List<String> P = new ArrayList<>(SyntheticStrategies.range(0, 20));
    static final List<String> N = new ArrayList<>(SyntheticStrategies.range(80, 100));

    static SyntheticStrategies world() {
        Map<String, Function<Map<String, String>, Set<String>>> s = Map.of(
                // "below": genes with index < max (numeric parameter)
                "below", p -> SyntheticStrategies.range(0, (int) Double.parseDouble(p.getOrDefault("max", "50"))),
                "positivesA", p -> SyntheticStrategies.range(0, 10),
                "positivesB", p -> SyntheticStrategies.range(10, 20),
                "everything", p -> SyntheticStrategies.range(0, 100),
                "noNegatives", p -> SyntheticStrategies.range(0, 80),
                "window", p -> SyntheticStrategies.range((int) Double.parseDouble(p.get("score_min")),
                        (int) Double.parseDouble(p.get("score_max"))));
        return new SyntheticStrategies(s, P, N);
    }

    @Test
    void perLeafEvaluationKeepsAncestorTransformsAndReportsMovements() {
        StepTreeNode a = StepTreeNode.leaf("a", "positivesA", null);
        StepTreeNode b = StepTreeNode.leaf("b", "everything", null);
        StepTreeNode filter = StepTreeNode.transform("f", "noNegatives", null, StepTreeNode.combine("c", "UNION", a, b));
        SyntheticStrategies w = world();
        StepAnalysisResult r = new StepAnalyzer(w, null, null).analyse(filter, Set.of(StepAnalyzer.Phase.STEP_EVALUATION));
        StepEvaluation eb = r.stepEvaluations().get(1);
        assertEquals("b", eb.stepId());
        assertEquals(0, eb.negativeHits(), "the filter above the combine is kept on b's branch");
        assertEquals(80, eb.resultCount());
        StepEvaluation ea = r.stepEvaluations().get(0);
        assertEquals(10, ea.positiveHits());
        assertEquals(-10, ea.tpMovement());
        assertEquals(10, ea.fnMovement());
    }

    @Test
    void operatorComparisonEvaluatesTheWholeTreeAndRecommendsOnlyMeaningfulGains() {
        StepTreeNode tree = StepTreeNode.combine("c", "INTERSECT", StepTreeNode.leaf("a", "positivesA", null),
                StepTreeNode.leaf("b", "positivesB", null));
        OperatorComparison oc = new StepAnalyzer(world(), null, ControlSets.of(P, N))
                .analyse(tree, Set.of(StepAnalyzer.Phase.OPERATOR_COMPARISON)).operatorComparisons().get(0);
        assertEquals(List.of("INTERSECT", "UNION", "MINUS"), oc.variants().stream().map(v -> v.operator()).toList());
        assertEquals("UNION", oc.recommendedOperator());
        assertEquals(1.0, oc.variants().get(1).f1Score());
        assertEquals(1.0, oc.precisionAtKDelta().get(10), 1e-12);

        StepTreeNode good = tree.withOperator("UNION");
        OperatorComparison keep = new StepAnalyzer(world(), null, null)
                .analyse(good, Set.of(StepAnalyzer.Phase.OPERATOR_COMPARISON)).operatorComparisons().get(0);
        assertEquals("UNION", keep.recommendedOperator());
        assertTrue(keep.recommendation().startsWith("Keep"));
    }

    @Test
    void aFilterThatRemovesFalsePositivesIsHelpfulNotHarmful() {
        // everything MINUS negatives-only: removing the MINUS operand raises recall 0 and FPR by 100 %
        StepTreeNode tree = StepTreeNode.combine("c", "INTERSECT", StepTreeNode.leaf("a", "everything", null),
                StepTreeNode.leaf("b", "noNegatives", null));
        List<StepContribution> cs = new StepAnalyzer(world(), null, null)
                .analyse(tree, Set.of(StepAnalyzer.Phase.CONTRIBUTION)).stepContributions();
        StepContribution filter = cs.get(1);
        assertEquals("b", filter.stepId());
        assertEquals(0.0, filter.recallDelta(), 1e-12);
        assertEquals(1.0, filter.fprDelta(), 1e-12);
        assertEquals("essential", filter.verdict());
        assertTrue(filter.narrative().contains("false positive rate"));
    }

    @Test
    void verdictBoundariesAreExactDespiteBinaryFractions() {
        assertEquals("essential", StepAnalyzer.verdict(0.8 - 0.7)); // 0.10000000000000009
        assertEquals("essential", StepAnalyzer.verdict(0.7 - 0.6)); // 0.09999999999999998
        assertEquals("helpful", StepAnalyzer.verdict(0.02));
        assertEquals("neutral", StepAnalyzer.verdict(0.0199));
        assertEquals("neutral", StepAnalyzer.verdict(-0.0199));
        assertEquals("harmful", StepAnalyzer.verdict(-0.02));
    }

    @Test
    void sweepRecommendsAMeaningfulGainDedupesIdenticalSearchesAndKeepsPairsConsistent() {
        StepTreeNode one = StepTreeNode.leaf("l1", "below", Map.of("max", "10"));
        StepTreeNode same = StepTreeNode.leaf("l2", "below", Map.of("max", "10"));
        StepTreeNode tree = StepTreeNode.combine("c", "UNION", one, same);
        ParameterCatalog catalog = leaf -> List.of(new NumericParameter("max", 0.0, 100.0, null, true));
        List<ParameterSensitivity> ps = new StepAnalyzer(world(), catalog, null)
                .analyse(tree, Set.of(StepAnalyzer.Phase.SENSITIVITY)).parameterSensitivities();
        assertEquals(1, ps.size(), "the identical second leaf is not swept again");
        ParameterSensitivity p = ps.get(0);
        assertEquals(List.of(0.0, 10.0, 25.0, 50.0, 75.0, 100.0), p.sweepPoints().stream().map(x -> x.value()).toList());
        assertEquals(25.0, p.recommendedValue(), "F1 peaks where every positive and no negative is kept");

        StepTreeNode window = StepTreeNode.leaf("w", "window", Map.of("score_min", "0", "score_max", "30"));
        ParameterCatalog pair = leaf -> List.of(new NumericParameter("score_min", 0.0, 100.0, null, true),
                new NumericParameter("score_max", 0.0, 100.0, null, true));
        List<ParameterSensitivity> wp = new StepAnalyzer(world(), pair, null)
                .analyse(window, Set.of(StepAnalyzer.Phase.SENSITIVITY)).parameterSensitivities();
        assertTrue(wp.get(0).sweepPoints().stream().allMatch(x -> x.value() <= 30), "lower bound stays below upper");
        assertTrue(wp.get(1).sweepPoints().stream().allMatch(x -> x.value() >= 0));
    }

    @Test
    void ablationOfTheOnlyLeafIsSkipped() {
        StepTreeNode leaf = StepTreeNode.leaf("a", "everything", null);
        assertTrue(new StepAnalyzer(world(), null, null).analyse(leaf, null).stepContributions().isEmpty());
        assertNull(StrategyTree.withoutLeaf(leaf, leaf));
    }
}
