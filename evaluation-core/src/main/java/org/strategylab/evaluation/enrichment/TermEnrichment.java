package org.strategylab.evaluation.enrichment;

import org.strategylab.evaluation.InputLimits;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.model.EnrichmentResult;
import org.strategylab.evaluation.model.EnrichmentTerm;
import org.strategylab.evaluation.stats.HypergeometricTest;
import org.strategylab.evaluation.stats.IndexSort;
import org.strategylab.evaluation.stats.MultipleTesting;
import org.strategylab.evaluation.stats.OddsRatio;
import org.strategylab.evaluation.stats.RadixSort;

import java.util.Arrays;
import java.util.List;

/**
 * Enrichment computed in-house (DECISIONS 18; evaluation-semantics §7 "if we ever compute
 * enrichment ourselves"): per term the standard table [[a, n−a], [K−a, N−n−K+a]] for a result of n
 * genes inside a background of N, the exact one-sided p = P(X ≥ a), X ~ Hyp(N, K, n), fold
 * enrichment (a/n)/(K/N), the odds ratio, and BH and Bonferroni over every tested term. Terms come
 * back sorted by p ascending (ties keep input order).
 */
public final class TermEnrichment {
    private TermEnrichment() {
    }

    /**
     * Tests every term.
     *
     * @param analysisType echoed in the result (may be null)
     * @throws ValidationException naming the first inconsistent field
     */
    public static EnrichmentResult analyse(String analysisType, int resultSize, int backgroundSize,
                                           List<TermCounts> terms) {
        if (backgroundSize < 0) {
            throw new ValidationException("backgroundSize", "must be ≥ 0");
        }
        if (resultSize < 0 || resultSize > backgroundSize) {
            throw new ValidationException("resultSize", "must be between 0 and backgroundSize");
        }
        InputLimits.requireAtMost("terms", terms, InputLimits.MAX_TERMS);
        int m = terms == null ? 0 : terms.size();
        for (int i = 0; i < m; i++) {
            validate(terms.get(i), i, resultSize, backgroundSize);
        }
        double[] logP = logUpperTails(terms, resultSize, backgroundSize);
        // one sort, on ln p, so terms whose p underflows to 0 still come out in the right order; it
        // is also p's order (exp is monotone), which is all BH needs: tied p values get the same
        // adjusted value whatever their order among themselves
        int[] order = IndexSort.ascending(logP);
        double[] p = new double[m];
        for (int r = 0; r < m; r++) {
            p[r] = Math.exp(logP[order[r]]);
        }
        double[] fdr = MultipleTesting.benjaminiHochbergOfAscending(p);
        // the terms are read in input order and each result placed at its rank: reading them in
        // rank order jumped across memory and missed the cache on every term
        int[] rank = new int[m];
        for (int r = 0; r < m; r++) {
            rank[order[r]] = r;
        }
        EnrichmentTerm[] sorted = new EnrichmentTerm[m];
        for (int i = 0; i < m; i++) {
            int r = rank[i];
            TermCounts t = terms.get(i);
            int a = t.resultCount();
            int k = t.backgroundCount();
            double fold = resultSize > 0 && k > 0
                    ? ((double) a / resultSize) / ((double) k / backgroundSize) : 0.0;
            // OddsRatio.of's arithmetic, without the intermediate record
            long b = resultSize - a;
            long c = k - a;
            long d = (long) backgroundSize - resultSize - k + a;
            double ad = (double) a * d;
            double bc = (double) b * c;
            double haldane = (a + 0.5) * (d + 0.5) / ((b + 0.5) * (c + 0.5));
            Double odds = bc > 0 ? ad / bc : null;
            String oddsFlag = bc > 0 ? null : ad > 0 ? OddsRatio.INFINITE : OddsRatio.UNDEFINED;
            sorted[r] = new EnrichmentTerm(t.termId(), t.termName() == null ? t.termId() : t.termName(), a, k, fold,
                    odds, p[r], fdr[r], Math.min(1.0, m * p[r]), List.of(), oddsFlag, haldane, logP[i], null);
        }
        return new EnrichmentResult(analysisType, Arrays.asList(sorted), resultSize, backgroundSize, null);
    }

    private static void validate(TermCounts t, int i, int n, int bigN) {
        if (t.termId() == null || t.termId().isBlank()) {
            throw new ValidationException(field(i, "termId"), "is required");
        }
        if (t.backgroundCount() < 0 || t.backgroundCount() > bigN) {
            throw new ValidationException(field(i, "backgroundCount"), "must be between 0 and backgroundSize");
        }
        if (t.resultCount() < 0 || t.resultCount() > Math.min(n, t.backgroundCount())) {
            throw new ValidationException(field(i, "resultCount"), "must be between 0 and min(resultSize, backgroundCount)");
        }
        if (t.backgroundCount() - t.resultCount() > bigN - n) {
            throw new ValidationException(field(i, "backgroundCount"),
                    "more term genes outside the result than background genes outside it");
        }
    }

    /** The field name of term i's {@code name}; built only for an error (it was a string per term). */
    private static String field(int i, String name) {
        return "terms[" + i + "]." + name;
    }

    /**
     * ln P(X ≥ a) of every (validated) term. Terms with the same background count K share one
     * distribution, so they are grouped by K (a stable radix sort of K and position) and each group
     * goes to {@link HypergeometricTest#logUpperTails}, which computes the saddle-point ln pmf once
     * per group instead of once per term (it was two thirds of a term's cost).
     */
    private static double[] logUpperTails(List<TermCounts> terms, int resultSize, int backgroundSize) {
        int m = terms == null ? 0 : terms.size();
        long[] byK = new long[m];
        for (int i = 0; i < m; i++) {
            byK[i] = (long) terms.get(i).backgroundCount() << 32 | i;
        }
        int kBits = 32 - Integer.numberOfLeadingZeros(Math.max(1, backgroundSize)); // K ≤ backgroundSize
        byK = RadixSort.byBits(byK, 32, 32 + kBits);
        double[] logP = new double[m];
        int[] counts = new int[m];
        for (int start = 0; start < m; ) {
            int k = (int) (byK[start] >>> 32);
            int end = start;
            while (end < m && (int) (byK[end] >>> 32) == k) {
                counts[end - start] = terms.get((int) byK[end]).resultCount();
                end++;
            }
            double[] tails = HypergeometricTest.logUpperTails(Arrays.copyOf(counts, end - start),
                    backgroundSize, k, resultSize);
            for (int j = start; j < end; j++) {
                logP[(int) byK[j]] = tails[j - start];
            }
            start = end;
        }
        return logP;
    }
}
