package org.strategylab.evaluation.enrichment;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.strategylab.evaluation.model.EnrichmentResult;
import org.strategylab.evaluation.model.EnrichmentTerm;
import org.strategylab.evaluation.stats.HypergeometricTest;
import org.strategylab.evaluation.stats.MultipleTesting;
import org.strategylab.evaluation.stats.OddsRatio;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every term's ln p is that of its own {@link HypergeometricTest#logUpperTail} within a relative
 * 1e-13, and p is exp(ln p), whether or not other terms share its background count (terms with
 * the same K share one distribution's ln pmf) or its counts; and the rest of each term is the
 * definitions' applied to those p-values: a stable sort by ln p, BH over every term in input order,
 * Bonferroni, fold and {@link OddsRatio#of}.
 */
class TermEnrichmentProperties {
    private static final int BACKGROUND = 2_000;
    private static final int RESULT = 300;

    /** Counts drawn from a small range, so pairs repeat; K up to 60 against a 2,000-gene background. */
    @Provide
    Arbitrary<List<int[]>> counts() {
        Arbitrary<int[]> pair = Combinators.combine(Arbitraries.integers().between(0, 60),
                Arbitraries.integers().between(0, 60)).as((a, k) -> new int[]{Math.min(a, k), k});
        return pair.list().ofMaxSize(300);
    }

    @Property(tries = 200)
    void eachTermHasTheTailOfItsOwnCounts(@ForAll("counts") List<int[]> counts) {
        List<TermCounts> terms = new ArrayList<>();
        for (int i = 0; i < counts.size(); i++) {
            terms.add(new TermCounts("T" + i, null, counts.get(i)[0], counts.get(i)[1]));
        }
        EnrichmentResult result = TermEnrichment.analyse(null, RESULT, BACKGROUND, terms);
        assertEquals(terms.size(), result.terms().size());
        for (EnrichmentTerm t : result.terms()) {
            double expected = HypergeometricTest.logUpperTail(t.geneCount(), BACKGROUND, t.backgroundCount(), RESULT);
            double actual = t.logPValue();
            assertTrue(Math.abs(expected - actual) <= 1e-12 * Math.abs(expected) + 1e-15,
                    () -> t.termId() + ": " + expected + " vs " + actual);
            assertEquals(Math.exp(actual), t.pValue(), 0.0, t.termId());
        }
    }

    @Property(tries = 200)
    void ordersAdjustsAndDescribesTermsAsTheDefinitions(@ForAll("counts") List<int[]> counts) {
        List<TermCounts> terms = new ArrayList<>();
        for (int i = 0; i < counts.size(); i++) {
            terms.add(new TermCounts("T" + i, i % 3 == 0 ? null : "name " + i, counts.get(i)[0], counts.get(i)[1]));
        }
        List<EnrichmentTerm> actual = TermEnrichment.analyse("pathway", RESULT, BACKGROUND, terms).terms();
        List<Integer> inputOrder = new ArrayList<>();
        double[] p = new double[terms.size()];
        double[] logP = new double[terms.size()];
        for (EnrichmentTerm t : actual) { // the term ID gives each term's input position back
            int i = Integer.parseInt(t.termId().substring(1));
            inputOrder.add(i);
            p[i] = t.pValue();
            logP[i] = t.logPValue();
        }
        List<Integer> byLogP = new ArrayList<>();
        for (int i = 0; i < terms.size(); i++) {
            byLogP.add(i);
        }
        byLogP.sort(Comparator.comparingDouble(i -> logP[i])); // List.sort is stable: ties keep input order
        assertEquals(byLogP, inputOrder);
        double[] bh = MultipleTesting.benjaminiHochberg(p);
        double[] bonferroni = MultipleTesting.bonferroni(p);
        for (int r = 0; r < actual.size(); r++) {
            EnrichmentTerm t = actual.get(r);
            int i = inputOrder.get(r);
            TermCounts in = terms.get(i);
            OddsRatio odds = OddsRatio.of(in.resultCount(), RESULT - in.resultCount(),
                    in.backgroundCount() - in.resultCount(), BACKGROUND - RESULT - in.backgroundCount() + in.resultCount());
            assertEquals(in.termName() == null ? in.termId() : in.termName(), t.termName());
            assertEquals(bh[i], t.fdr(), 0.0, t.termId());
            assertEquals(bonferroni[i], t.bonferroni(), 0.0, t.termId());
            assertEquals(odds.value(), t.oddsRatio(), t.termId());
            assertEquals(odds.flag(), t.oddsRatioFlag(), t.termId());
            assertEquals(odds.haldane(), t.oddsRatioHaldane(), 0.0, t.termId());
            double fold = in.backgroundCount() > 0
                    ? ((double) in.resultCount() / RESULT) / ((double) in.backgroundCount() / BACKGROUND) : 0.0;
            assertEquals(fold, t.foldEnrichment(), 0.0, t.termId());
        }
    }
}
