package org.strategylab.evaluation.cv;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.ids.IdNormaliser;
import org.strategylab.evaluation.model.ExperimentMetrics;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * {@link GeneIdEvaluator#foldMetrics}, which classifies each result ID once for all folds, gives
 * every fold the metrics that {@link GeneIdEvaluator#evaluate} gives it on its own: on IDs that are
 * versions of controls in other folds, duplicates, padded and blank IDs, and colliding hash codes.
 */
class FoldMetricsProperties {

    /** IDs over "ABab .1" and versions of them: "Aa" and "BB" share a hash code; "A.1" strips to "A". */
    @Provide
    Arbitrary<List<String>> ids() {
        return Arbitraries.strings().withChars("ABab .1").ofMinLength(0).ofMaxLength(4).list().ofMaxSize(80);
    }

    @Property(tries = 1000)
    void everyFoldHasTheMetricsOfItsOwnEvaluation(@ForAll("ids") List<String> result, @ForAll("ids") List<String> pool,
                                                  @ForAll @IntRange(min = 2, max = 6) int k) {
        List<String> distinct = IdNormaliser.clean(pool);
        List<List<String>> pf = deal(distinct.subList(0, distinct.size() / 2), k);
        List<List<String>> nf = deal(distinct.subList(distinct.size() / 2, distinct.size()), k);
        assertFoldsEqualTheirOwnEvaluation(result, pf, nf);
    }

    /**
     * The whole cross-validation through the gene-ID path (controls interned once, numbers shuffled)
     * equals the same run through a plain {@link Evaluator}, which cleans, shuffles and deals string
     * lists and evaluates fold by fold: folds, fold lists, metrics, means, SDs, and the same
     * exception when one is thrown (k below 2, an ID in both lists within one fold).
     */
    @Property(tries = 1000)
    void theGeneIdPathEqualsTheFoldByFoldPath(@ForAll("ids") List<String> result, @ForAll("ids") List<String> positives,
                                              @ForAll("ids") List<String> negatives,
                                              @ForAll @IntRange(min = 1, max = 7) int k,
                                              @ForAll @IntRange(min = 0, max = 1000) int seed) {
        GeneIdEvaluator geneIds = new GeneIdEvaluator(result);
        Evaluator foldByFold = geneIds::evaluate; // not a GeneIdEvaluator: takes the general path
        Object fast = outcome(() -> CrossValidator.run(positives, negatives, k, seed, geneIds, null, null));
        Object general = outcome(() -> CrossValidator.run(positives, negatives, k, seed, foldByFold, null, null));
        assertEquals(general, fast);
    }

    private static Object outcome(java.util.function.Supplier<Object> run) {
        try {
            return run.get();
        } catch (RuntimeException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    @Test
    void aVersionOfAControlInAnotherFoldIsItsOwnKeyThere() {
        // fold 0 holds "g1", fold 1 holds "g1.1": "g1.1" is a control itself in fold 1 and, in fold 0,
        // matches "g1" by its stripped form; "g1.2" matches "g1" in fold 0 and is a plain key in fold 1
        List<List<String>> pf = List.of(List.of("g1"), List.of("g1.1"));
        List<List<String>> nf = List.of(List.of("n1"), List.of("n2"));
        assertFoldsEqualTheirOwnEvaluation(List.of("g1.1", "g1.2", " g1.1 ", "x", "x", "n2.7", ""), pf, nf);
    }

    @Test
    void anIdInBothControlListsIsLeftToTheFoldByFoldPath() {
        assertNull(new GeneIdEvaluator(List.of("a")).foldMetrics(List.of(List.of("a"), List.of()),
                List.of(List.of(), List.of("a"))));
    }

    private static void assertFoldsEqualTheirOwnEvaluation(List<String> result, List<List<String>> pf,
                                                           List<List<String>> nf) {
        GeneIdEvaluator evaluator = new GeneIdEvaluator(result);
        List<ExperimentMetrics> all = evaluator.foldMetrics(pf, nf);
        assertEquals(pf.size(), all.size());
        for (int i = 0; i < pf.size(); i++) {
            assertEquals(evaluator.evaluate(pf.get(i), nf.get(i)), all.get(i), "fold " + i);
        }
    }

    private static List<List<String>> deal(List<String> ids, int k) {
        List<List<String>> folds = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            folds.add(new ArrayList<>());
        }
        for (int i = 0; i < ids.size(); i++) {
            folds.get(i % k).add(ids.get(i));
        }
        return folds;
    }
}
