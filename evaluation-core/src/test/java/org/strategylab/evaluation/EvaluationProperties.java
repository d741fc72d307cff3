package org.strategylab.evaluation;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.strategylab.evaluation.bootstrap.BootstrapRequest;
import org.strategylab.evaluation.bootstrap.RobustnessBootstrap;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.metrics.ClassificationMetrics;
import org.strategylab.evaluation.metrics.GeneIdClassifier;
import org.strategylab.evaluation.model.BootstrapResult;
import org.strategylab.evaluation.model.ConfidenceInterval;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.evaluation.model.RankMetrics;
import org.strategylab.evaluation.rank.RankMetricsCalculator;
import org.strategylab.evaluation.stats.HypergeometricTest;
import org.strategylab.evaluation.stats.IndexSort;
import org.strategylab.evaluation.stats.MultipleTesting;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Invariants that must hold for any input. */
class EvaluationProperties {

    @Property(tries = 300)
    void metricsStayInRangeAndCountsAddUp(@ForAll @IntRange(max = 100_000) int tp, @ForAll @IntRange(max = 100_000) int fn,
                                          @ForAll @IntRange(max = 100_000) int fp, @ForAll @IntRange(max = 100_000) int tn) {
        ExperimentMetrics m = ClassificationMetrics.fromCounts(tp, tp + fn, fp, fp + tn, tp + fp);
        assertEquals(tp + fn, m.confusionMatrix().truePositives() + m.confusionMatrix().falseNegatives());
        assertEquals(fp + tn, m.confusionMatrix().falsePositives() + m.confusionMatrix().trueNegatives());
        for (String name : ExperimentMetrics.RATIO_NAMES) {
            double v = m.ratio(name);
            double lo = name.equals("mcc") || name.equals("youdensJ") ? -1 : 0;
            assertTrue(v >= lo - 1e-12 && v <= 1 + 1e-12, name + " = " + v);
        }
    }

    @Provide
    Arbitrary<List<String>> ids() {
        return Arbitraries.strings().withChars("abcde .1").ofMinLength(0).ofMaxLength(4).list().ofMaxSize(40);
    }

    @Property(tries = 200)
    void geneIdModeCountsEachControlOnce(@ForAll("ids") List<String> result, @ForAll("ids") List<String> positives,
                                          @ForAll("ids") List<String> negatives) {
        List<String> n = new ArrayList<>(negatives);
        n.removeIf(id -> id != null && positives.stream().anyMatch(p -> p != null && p.strip().equals(id.strip())));
        ControlSets controls = ControlSets.of(positives, n);
        ExperimentMetrics m = GeneIdClassifier.metrics(result, controls);
        assertEquals(controls.positives().size(), m.totalPositives());
        assertEquals(controls.negatives().size(), m.totalNegatives());
        assertTrue(m.confusionMatrix().truePositives() + m.confusionMatrix().falsePositives() <= m.totalResults());
        assertTrue(m.totalResults() <= result.size());
    }

    @Property(tries = 200)
    void rankMetricsAreBoundedAndRecallGrowsWithK(@ForAll("ids") List<String> ordered, @ForAll("ids") List<String> positives) {
        RankMetrics r = RankMetricsCalculator.compute(ordered, ControlSets.of(positives, List.of()), List.of(1, 2, 5, 10, 50));
        double previous = 0;
        for (int k : List.of(1, 2, 5, 10, 50)) {
            if (r.precisionAtK().isEmpty()) {
                break;
            }
            assertTrue(r.precisionAtK().get(k) >= 0 && r.precisionAtK().get(k) <= 1);
            assertTrue(r.recallAtK().get(k) >= previous && r.recallAtK().get(k) <= 1);
            previous = r.recallAtK().get(k);
        }
        assertTrue(r.averagePrecision() >= 0 && r.averagePrecision() <= 1 + 1e-12);
    }

    @Property(tries = 200)
    void benjaminiHochbergIsMonotoneAndNeverBelowP(@ForAll @Size(max = 60) List<@net.jqwik.api.constraints.DoubleRange(min = 0, max = 1) Double> ps) {
        double[] p = ps.stream().mapToDouble(Double::doubleValue).toArray();
        double[] q = MultipleTesting.benjaminiHochberg(p);
        double[] b = MultipleTesting.bonferroni(p);
        for (int i = 0; i < p.length; i++) {
            assertTrue(q[i] >= p[i] - 1e-15 && q[i] <= 1, "BH ≥ p");
            assertTrue(b[i] >= q[i] - 1e-12, "Bonferroni ≥ BH");
            for (int j = 0; j < p.length; j++) {
                if (p[i] <= p[j]) {
                    assertTrue(q[i] <= q[j] + 1e-15, "monotone");
                }
            }
        }
    }

    @Property(tries = 200)
    void indexSortIsAStableAscendingSort(@ForAll @Size(max = 200) List<@IntRange(max = 20) Integer> values) {
        double[] keys = values.stream().mapToDouble(Integer::doubleValue).toArray();
        Integer[] expected = new Integer[keys.length];
        for (int i = 0; i < keys.length; i++) {
            expected[i] = i;
        }
        java.util.Arrays.sort(expected, (a, b) -> Double.compare(keys[a], keys[b])); // stable reference
        assertEquals(java.util.Arrays.asList(expected),
                java.util.Arrays.stream(IndexSort.ascending(keys)).boxed().toList());
    }

    @Property(tries = 300)
    void hypergeometricTailIsAProbabilityAndDecreasesInX(@ForAll @IntRange(min = 1, max = 3000) int population,
                                                         @ForAll @IntRange(max = 3000) int successes,
                                                         @ForAll @IntRange(max = 3000) int draws) {
        int k = successes % (population + 1);
        int n = draws % (population + 1);
        double previous = 0.0; // ln P(X ≥ 0) = 0
        for (int x = 0; x <= Math.min(k, n) + 1; x++) {
            double logP = HypergeometricTest.logUpperTail(x, population, k, n);
            assertTrue(logP <= 1e-12, "ln p ≤ 0");
            assertTrue(logP <= previous + 1e-9, "non-increasing in x");
            previous = logP;
        }
    }

    @Property(tries = 40)
    // the mean may fall outside a percentile interval for very skewed replicates, so only the bounds are ordered
    void bootstrapIntervalsAreOrdered(@ForAll @IntRange(min = 1, max = 30) int nPositives,
                                      @ForAll @IntRange(min = 0, max = 30) int nNegatives,
                                      @ForAll @IntRange(min = 0, max = 1000) int seed) {
        List<String> p = new ArrayList<>();
        List<String> n = new ArrayList<>();
        List<String> ordered = new ArrayList<>();
        for (int i = 0; i < nPositives; i++) {
            p.add("p" + i);
            if (i % 2 == 0) {
                ordered.add("p" + i);
            }
        }
        for (int i = 0; i < nNegatives; i++) {
            n.add("n" + i);
            if (i % 3 == 0) {
                ordered.add("n" + i);
            }
        }
        BootstrapResult r = RobustnessBootstrap.run(new BootstrapRequest(ordered, null, p, n, 40, (long) seed, null, null, null));
        for (var map : List.of(r.metricCis(), r.rankMetricCis())) {
            for (ConfidenceInterval ci : map.values()) {
                assertTrue(ci.lower() <= ci.upper() && ci.std() >= 0, "ordered " + ci);
            }
        }
        assertTrue(r.topKStability() >= 0 && r.topKStability() <= 1);
    }
}
