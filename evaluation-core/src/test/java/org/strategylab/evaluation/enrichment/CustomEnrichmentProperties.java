package org.strategylab.evaluation.enrichment;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.IdNormaliser;
import org.strategylab.evaluation.model.CustomEnrichmentResult;
import org.strategylab.evaluation.stats.HypergeometricTest;
import org.strategylab.evaluation.stats.OddsRatio;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A gene set tested against a prepared experiment ({@link CustomEnrichment.Prepared}) gives the
 * answer of the plain-collections definition below (the implementation before the prepared index):
 * on versioned, duplicated, padded and blank IDs, IDs outside the background and colliding hash codes.
 */
class CustomEnrichmentProperties {

    /** IDs over "ABab .1": "Aa" and "BB" share a hash code; "A.1" strips to "A". */
    @Provide
    Arbitrary<List<String>> ids() {
        return Arbitraries.strings().withChars("ABab .1").ofMinLength(0).ofMaxLength(4).list().ofMaxSize(60);
    }

    @Property(tries = 1000)
    void aPreparedExperimentAnswersAsThePlainCollectionsDo(@ForAll("ids") List<String> geneIds,
                                                          @ForAll("ids") List<String> resultIds,
                                                          @ForAll("ids") List<String> backgroundIds,
                                                          @ForAll("ids") List<String> positives) {
        CustomEnrichmentResult expected;
        try {
            expected = reference(geneIds, resultIds, backgroundIds, positives);
        } catch (ValidationException e) {
            ValidationException actual = assertThrows(ValidationException.class,
                    () -> CustomEnrichment.analyse("set", geneIds, resultIds, backgroundIds, positives));
            assertEquals(e.getMessage(), actual.getMessage());
            return;
        }
        assertEquals(expected, CustomEnrichment.analyse("set", geneIds, resultIds, backgroundIds, positives));
    }

    @Test
    void onePreparedExperimentAnswersManyGeneSets() {
        List<String> background = List.of("g1", "g2", "g3", "g4", "g5", "g6", "Aa", "BB");
        List<String> result = List.of("g1.1", "g2", " g3 ", "x", "Aa");
        List<String> positives = List.of("g1", "g2", "BB");
        CustomEnrichment.Prepared prepared = CustomEnrichment.prepare(result, background, positives);
        for (List<String> set : List.of(List.of("g1", "g1.2", "g2"), List.of("BB", "Aa", "y", "y", "z.1"),
                List.of(" g6 ", "g5", "g4.3", "g4.4"))) {
            assertEquals(reference(set, result, background, positives), prepared.analyse("set", set), set.toString());
        }
    }

    /** The definition, with plain collections: what CustomEnrichment did before it was prepared once. */
    private static CustomEnrichmentResult reference(List<String> geneIds, List<String> resultIds,
                                                    List<String> backgroundIds, List<String> positiveControls) {
        List<String> background = IdNormaliser.clean(backgroundIds);
        if (background.isEmpty()) {
            throw new ValidationException("backgroundIds", "must not be empty");
        }
        Set<String> bg = new HashSet<>(background);
        List<String> cleanedGeneSet = IdNormaliser.clean(geneIds);
        if (cleanedGeneSet.isEmpty()) {
            throw new ValidationException("geneIds", "must not be empty");
        }
        if (cleanedGeneSet.size() > background.size()) {
            throw new ValidationException("geneIds", "the gene set (" + cleanedGeneSet.size()
                    + " IDs) is larger than the background (" + background.size() + ")");
        }
        Set<String> result = new HashSet<>();
        int resultOutside = restrict(IdNormaliser.clean(resultIds), bg, result);
        Set<String> geneSet = new HashSet<>();
        int geneSetOutside = restrict(cleanedGeneSet, bg, geneSet);
        int bigN = background.size();
        int n = result.size();
        int k = geneSet.size();
        List<String> overlap = new ArrayList<>(geneSet);
        overlap.retainAll(result);
        overlap.sort(null);
        int a = overlap.size();
        Set<String> positives = new HashSet<>(IdNormaliser.clean(positiveControls));
        int tp = (int) overlap.stream().filter(positives::contains).count();
        double logP = HypergeometricTest.logUpperTail(a, bigN, k, n);
        double fold = n > 0 && k > 0 ? (double) a * bigN / ((double) n * k) : 0.0;
        OddsRatio odds = OddsRatio.of(a, n - a, k - a, (long) bigN - n - k + a);
        return new CustomEnrichmentResult("set", k, a, overlap, bigN, tp, fold, Math.exp(logP), odds.value(), logP,
                HypergeometricTest.normalApproximation(a, bigN, k, n), n, odds.haldane(), odds.flag(), geneSetOutside,
                resultOutside);
    }

    private static int restrict(List<String> ids, Set<String> background, Set<String> keys) {
        int outside = 0;
        for (String id : ids) {
            String key = IdNormaliser.keyAgainst(id, background);
            if (background.contains(key)) {
                keys.add(key);
            } else {
                outside++;
            }
        }
        return outside;
    }
}
