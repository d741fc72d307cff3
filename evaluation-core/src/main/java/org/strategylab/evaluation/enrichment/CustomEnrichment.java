package org.strategylab.evaluation.enrichment;

import org.strategylab.evaluation.InputLimits;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.IdInterner;
import org.strategylab.evaluation.ids.IdNormaliser;
import org.strategylab.evaluation.model.CustomEnrichmentResult;
import org.strategylab.evaluation.stats.HypergeometricTest;
import org.strategylab.evaluation.stats.OddsRatio;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A user gene set tested against an experiment's full result list within an explicit background
 * (spec 2.6; DECISIONS 12; evaluation-semantics §8, which lists what PathFinder got wrong).
 *
 * <p>Background = the normalised background IDs (N). Result and gene-set IDs are keyed against the
 * background (a transcript ID matches its gene by the version-stripped form) and restricted to it;
 * how many were dropped is returned. With n result genes, K gene-set genes and a overlap: exact
 * p = P(X ≥ a), X ~ Hyp(N, K, n), fold enrichment a·N/(n·K), the odds ratio of the table
 * [[a, n−a], [K−a, N−n−K+a]] (null and flagged when infinite or undefined) and its Haldane form,
 * the spec's normal approximation beside the exact p, and {@code tpCount} = overlap genes that are
 * positive controls.
 *
 * <p>An experiment tests many gene sets against the same result, background and controls, so
 * {@link #prepare} indexes those once ({@link Prepared}); each gene set then costs one lookup per ID
 * and a few bit operations. {@link #analyse(String, List, List, List, List)} prepares and tests in
 * one call, with the same answer.
 */
public final class CustomEnrichment {
    private CustomEnrichment() {
    }

    /** Runs the test; the result's p-value is exact, the approximation is an extra field. */
    public static CustomEnrichmentResult analyse(String geneSetName, List<String> geneIds, List<String> resultIds,
                                                 List<String> backgroundIds, List<String> positiveControls) {
        // the same order of checks as one call always had: name, then the lists' limits, then contents
        requireName(geneSetName);
        InputLimits.requireIds("geneIds", geneIds);
        return prepare(resultIds, backgroundIds, positiveControls).analyse(geneSetName, geneIds);
    }

    /**
     * Indexes an experiment's result, background and positive controls for any number of gene sets.
     *
     * @throws ValidationException if a list is over its limit or the background is empty
     */
    public static Prepared prepare(List<String> resultIds, List<String> backgroundIds, List<String> positiveControls) {
        InputLimits.requireIds("resultIds", resultIds);
        InputLimits.requireIds("backgroundIds", backgroundIds);
        InputLimits.requireIds("positiveControls", positiveControls);
        List<String> background = IdNormaliser.clean(backgroundIds);
        if (background.isEmpty()) {
            throw new ValidationException("backgroundIds", "must not be empty");
        }
        return new Prepared(background, resultIds, positiveControls);
    }

    private static void requireName(String geneSetName) {
        if (geneSetName == null || geneSetName.isBlank()) {
            throw new ValidationException("geneSetName", "is required");
        }
    }

    /**
     * An experiment's background numbered by {@link IdInterner} (ID i of the cleaned background is
     * number i), with its result keys and positive controls as bit sets over those numbers. Read-only
     * once built: safe to share between threads.
     */
    public static final class Prepared {
        private final IdInterner background;
        private final String[] backgroundIds;
        /** Background numbers of the result's keys (n = its cardinality). */
        private final BitSet resultKeys;
        private final int resultSize;
        private final int resultOutside;
        /** Background numbers that are positive controls (a key is compared exactly, as a string set did). */
        private final BitSet positives;

        private Prepared(List<String> cleanedBackground, List<String> resultIds, List<String> positiveControls) {
            background = new IdInterner(cleanedBackground.size());
            for (String id : cleanedBackground) { // distinct: number i is background ID i
                background.intern(id);
            }
            backgroundIds = background.toArray();
            resultKeys = new BitSet(backgroundIds.length);
            int outside = 0;
            for (String id : IdNormaliser.clean(resultIds)) {
                int number = keyNumber(id);
                if (number == IdInterner.ABSENT) {
                    outside++;
                } else {
                    resultKeys.set(number);
                }
            }
            resultOutside = outside;
            resultSize = resultKeys.cardinality();
            positives = new BitSet(backgroundIds.length);
            for (String p : IdNormaliser.clean(positiveControls)) {
                int number = background.numberOf(p);
                if (number != IdInterner.ABSENT) {
                    positives.set(number);
                }
            }
        }

        /** The background number of a trimmed ID's key (itself, else its version-stripped form), or ABSENT. */
        private int keyNumber(String trimmedId) {
            int number = background.numberOf(trimmedId);
            if (number == IdInterner.ABSENT) {
                String stripped = IdNormaliser.versionStripped(trimmedId);
                if (stripped != null) {
                    number = background.numberOf(stripped);
                }
            }
            return number;
        }

        /** Tests one gene set; the same result as {@link CustomEnrichment#analyse} on the prepared lists. */
        public CustomEnrichmentResult analyse(String geneSetName, List<String> geneIds) {
            requireName(geneSetName);
            InputLimits.requireIds("geneIds", geneIds);
            // Cleaning the gene set (trim, de-duplicate) without a string set: an ID found in the
            // background as itself is de-duplicated by its number; only IDs found by their stripped
            // form or not at all (few, in practice) go into a set, because two of them may share a key.
            BitSet direct = new BitSet(backgroundIds.length);
            Set<String> others = null;
            BitSet geneKeys = new BitSet(backgroundIds.length);
            int outside = 0;
            if (geneIds != null) {
                for (String raw : geneIds) {
                    String id = IdNormaliser.trim(raw);
                    if (id == null) {
                        continue;
                    }
                    int number = background.numberOf(id);
                    if (number != IdInterner.ABSENT) {
                        direct.set(number);
                        geneKeys.set(number);
                        continue;
                    }
                    if (others == null) {
                        others = new HashSet<>();
                    }
                    if (others.add(id)) {
                        number = keyNumber(id);
                        if (number == IdInterner.ABSENT) {
                            outside++;
                        } else {
                            geneKeys.set(number);
                        }
                    }
                }
            }
            int cleanedSize = direct.cardinality() + (others == null ? 0 : others.size());
            if (cleanedSize == 0) {
                throw new ValidationException("geneIds", "must not be empty");
            }
            if (cleanedSize > backgroundIds.length) {
                throw new ValidationException("geneIds", "the gene set (" + cleanedSize
                        + " IDs) is larger than the background (" + backgroundIds.length + ")");
            }
            int bigN = backgroundIds.length;
            int n = resultSize;
            int k = geneKeys.cardinality();
            BitSet both = (BitSet) geneKeys.clone();
            both.and(resultKeys);
            List<String> overlap = new ArrayList<>(both.cardinality());
            for (int i = both.nextSetBit(0); i >= 0; i = both.nextSetBit(i + 1)) {
                overlap.add(backgroundIds[i]);
            }
            overlap.sort(null);
            int a = overlap.size();
            both.and(positives);
            int tp = both.cardinality();
            double logP = HypergeometricTest.logUpperTail(a, bigN, k, n);
            double approx = HypergeometricTest.normalApproximation(a, bigN, k, n);
            double fold = n > 0 && k > 0 ? (double) a * bigN / ((double) n * k) : 0.0;
            OddsRatio odds = OddsRatio.of(a, n - a, k - a, (long) bigN - n - k + a);
            return new CustomEnrichmentResult(geneSetName, k, a, overlap, bigN, tp, fold, Math.exp(logP), odds.value(),
                    logP, approx, n, odds.haldane(), odds.flag(), outside, resultOutside);
        }
    }
}
