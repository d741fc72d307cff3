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

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every term's ln p is that of its own {@link HypergeometricTest#logUpperTail} within a relative
 * 1e-13, and p is exp(ln p), whether or not other terms share its background count (terms with
 * the same K share one distribution's ln pmf) or its counts.
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
}
