package org.strategylab.evaluation.stepanalysis;

import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.bootstrap.BootstrapRequest;
import org.strategylab.evaluation.bootstrap.RobustnessBootstrap;
import org.strategylab.evaluation.cv.CrossValidator;
import org.strategylab.evaluation.cv.GeneIdEvaluator;
import org.strategylab.evaluation.model.BootstrapResult;
import org.strategylab.evaluation.model.CrossValidationResult;
import org.strategylab.evaluation.model.FoldMetrics;
import org.strategylab.evaluation.model.OperatorComparison;
import org.strategylab.evaluation.model.SampleWarning;
import org.strategylab.evaluation.model.StepAnalysisResult;
import org.strategylab.evaluation.model.StepContribution;
import org.strategylab.evaluation.model.StepTreeNode;
import org.strategylab.evaluation.stats.SampleSize;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bench biologist's case (issue 38 item 6): 4 positive and 2 negative controls. */
class SmallSampleCaveatsTest {
    static final List<String> P = List.of("g000", "g001", "g002", "g003");
    static final List<String> N = List.of("g080", "g081");

    private static List<String> codes(List<SampleWarning> warnings) {
        return warnings.stream().map(SampleWarning::code).toList();
    }

    @Test
    void crossValidationSaysHowManyFoldsItUsedAndWhy() {
        List<String> result = List.of("g000", "g001", "g002", "g003", "g080", "g050");
        CrossValidationResult r = CrossValidator.run(P, N, 5, 42, new GeneIdEvaluator(result), null, null);
        assertEquals(5, r.requestedK());
        assertEquals(2, r.k());
        assertEquals(2, r.folds().size());
        assertEquals(List.of(CrossValidator.FEWER_FOLDS, SampleSize.LOW_SAMPLE), codes(r.warnings()));
        String why = r.warnings().get(0).message();
        assertTrue(why.contains("5 folds asked for, 2 used") && why.contains("4 positive and 2 negative"), why);
        // every fold holds controls of both classes, and the mean is over the folds where a metric is defined
        for (FoldMetrics f : r.folds()) {
            assertFalse(f.positiveControlIds().isEmpty());
            assertFalse(f.negativeControlIds().isEmpty());
        }
        for (String name : List.of("precision", "specificity", "sensitivity")) {
            double[] defined = r.folds().stream().map(FoldMetrics::metrics).filter(m -> !m.isUndefined(name))
                    .mapToDouble(m -> m.ratio(name)).toArray();
            assertEquals(java.util.Arrays.stream(defined).average().orElse(0.0), r.meanMetrics().ratio(name), 1e-12,
                    name);
        }
    }

    @Test
    void enoughControlsCarryNoWarning() {
        List<String> p = SyntheticStrategies.range(0, 20).stream().sorted().toList();
        List<String> n = SyntheticStrategies.range(80, 100).stream().sorted().toList();
        CrossValidationResult r = CrossValidator.run(p, n, 5, 42, new GeneIdEvaluator(p.subList(0, 12)), null, null);
        assertEquals(5, r.k());
        assertTrue(r.warnings().isEmpty(), r.warnings().toString());
    }

    static SyntheticStrategies sixGenes() {
        Map<String, Function<Map<String, String>, Set<String>>> s = Map.of(
                "allPositivesOneNegative", p -> Set.of("g000", "g001", "g002", "g003", "g080"),
                "oneOfEach", p -> Set.of("g000", "g081"),
                "threePositivesOneNegative", p -> Set.of("g000", "g001", "g002", "g080"));
        return new SyntheticStrategies(s, P, N);
    }

    @Test
    void aStepIsInconclusiveNotHarmfulWhenOneControlDecides() {
        // UNION(a, b): 4 TP + 2 FP, F1 0.800; without b: 4 TP + 1 FP, F1 0.889 — "harmful" by F1 alone
        StepTreeNode tree = StepTreeNode.combine("c", "UNION",
                StepTreeNode.leaf("a", "allPositivesOneNegative", null), StepTreeNode.leaf("b", "oneOfEach", null));
        StepAnalysisResult r = new StepAnalyzer(sixGenes(), null, null).analyse(tree, Set.of(StepAnalyzer.Phase.CONTRIBUTION));
        StepContribution b = r.stepContributions().stream().filter(c -> c.stepId().equals("b")).findFirst().orElseThrow();
        assertEquals("harmful", StepAnalyzer.verdict(b.f1Delta()), "F1 alone would call it harmful");
        assertEquals(StepAnalyzer.INCONCLUSIVE, b.verdict());
        assertEquals(List.of(SampleSize.LOW_SAMPLE), codes(r.warnings()));
        // with a threshold the sample meets, the F1 rule stands
        StepAnalysisResult plain = new StepAnalyzer(sixGenes(), null, null, 2).analyse(tree,
                Set.of(StepAnalyzer.Phase.CONTRIBUTION));
        assertEquals("harmful", plain.stepContributions().stream().filter(c -> c.stepId().equals("b")).findFirst()
                .orElseThrow().verdict());
        assertTrue(plain.warnings().isEmpty());
    }

    @Test
    void anOperatorChangeRestingOnOneControlIsNotRecommended() {
        // INTERSECT: 3 TP + 1 FP (F1 0.750); UNION: 4 TP + 1 FP (F1 0.889) — one positive apart
        StepTreeNode tree = StepTreeNode.combine("c", "INTERSECT",
                StepTreeNode.leaf("a", "allPositivesOneNegative", null),
                StepTreeNode.leaf("b", "threePositivesOneNegative", null));
        OperatorComparison oc = new StepAnalyzer(sixGenes(), null, null)
                .analyse(tree, Set.of(StepAnalyzer.Phase.OPERATOR_COMPARISON)).operatorComparisons().get(0);
        assertEquals("INTERSECT", oc.recommendedOperator());
        assertTrue(oc.recommendation().startsWith("Keep INTERSECT") && oc.recommendation().contains("one control"),
                oc.recommendation());
        OperatorComparison plain = new StepAnalyzer(sixGenes(), null, null, 2)
                .analyse(tree, Set.of(StepAnalyzer.Phase.OPERATOR_COMPARISON)).operatorComparisons().get(0);
        assertEquals("UNION", plain.recommendedOperator());
    }

    @Test
    void bootstrapIntervalsFromFewControlsCarryTheWarning() {
        BootstrapResult small = RobustnessBootstrap.run(new BootstrapRequest(
                List.of("g000", "g001", "g002", "g003", "g080", "g050"), null, P, N, 200, 42L, null, false, null));
        assertEquals(List.of(SampleSize.LOW_SAMPLE), codes(small.warnings()));
        assertTrue(small.warnings().get(0).message().contains("4 positive and 2 negative"));
    }
}
