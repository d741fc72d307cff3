package org.strategylab.evaluation.enrichment;

import org.strategylab.evaluation.InputLimits;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.IdNormaliser;
import org.strategylab.evaluation.model.CustomEnrichmentResult;
import org.strategylab.evaluation.stats.HypergeometricTest;
import org.strategylab.evaluation.stats.OddsRatio;

import java.util.ArrayList;
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
 */
public final class CustomEnrichment {
    private CustomEnrichment() {
    }

    /** Runs the test; the result's p-value is exact, the approximation is an extra field. */
    public static CustomEnrichmentResult analyse(String geneSetName, List<String> geneIds, List<String> resultIds,
                                                 List<String> backgroundIds, List<String> positiveControls) {
        if (geneSetName == null || geneSetName.isBlank()) {
            throw new ValidationException("geneSetName", "is required");
        }
        InputLimits.requireIds("geneIds", geneIds);
        InputLimits.requireIds("resultIds", resultIds);
        InputLimits.requireIds("backgroundIds", backgroundIds);
        InputLimits.requireIds("positiveControls", positiveControls);
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
        Restricted result = restrict(IdNormaliser.clean(resultIds), bg);
        Restricted geneSet = restrict(cleanedGeneSet, bg);
        int bigN = background.size();
        int n = result.keys.size();
        int k = geneSet.keys.size();
        List<String> overlap = new ArrayList<>();
        for (String g : geneSet.keys) {
            if (result.keys.contains(g)) {
                overlap.add(g);
            }
        }
        overlap.sort(null);
        int a = overlap.size();
        Set<String> positives = new HashSet<>(IdNormaliser.clean(positiveControls));
        int tp = 0;
        for (String g : overlap) {
            if (positives.contains(g)) {
                tp++;
            }
        }
        double logP = HypergeometricTest.logUpperTail(a, bigN, k, n);
        double approx = HypergeometricTest.normalApproximation(a, bigN, k, n);
        double fold = n > 0 && k > 0 ? (double) a * bigN / ((double) n * k) : 0.0;
        OddsRatio odds = OddsRatio.of(a, n - a, k - a, (long) bigN - n - k + a);
        return new CustomEnrichmentResult(geneSetName, k, a, overlap, bigN, tp, fold, Math.exp(logP), odds.value(),
                logP, approx, n, odds.haldane(), odds.flag(), geneSet.outside, result.outside);
    }

    private record Restricted(Set<String> keys, int outside) {
    }

    private static Restricted restrict(List<String> ids, Set<String> background) {
        Set<String> keys = new HashSet<>(ids.size() * 2);
        int outside = 0;
        for (String id : ids) {
            String key = IdNormaliser.keyAgainst(id, background);
            if (background.contains(key)) {
                keys.add(key);
            } else {
                outside++;
            }
        }
        return new Restricted(keys, outside);
    }
}
