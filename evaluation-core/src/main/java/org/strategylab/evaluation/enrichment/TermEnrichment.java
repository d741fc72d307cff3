package org.strategylab.evaluation.enrichment;

import org.strategylab.evaluation.InputLimits;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.model.EnrichmentResult;
import org.strategylab.evaluation.model.EnrichmentTerm;
import org.strategylab.evaluation.stats.HypergeometricTest;
import org.strategylab.evaluation.stats.IndexSort;
import org.strategylab.evaluation.stats.MultipleTesting;
import org.strategylab.evaluation.stats.OddsRatio;

import java.util.ArrayList;
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
        double[] p = new double[m];
        double[] logP = new double[m];
        TailsByCounts tails = new TailsByCounts(m);
        for (int i = 0; i < m; i++) {
            TermCounts t = terms.get(i);
            validate(t, i, resultSize, backgroundSize);
            logP[i] = tails.logUpperTail(t.resultCount(), t.backgroundCount(), backgroundSize, resultSize);
            p[i] = Math.exp(logP[i]);
        }
        double[] fdr = MultipleTesting.benjaminiHochberg(p);
        double[] bonferroni = MultipleTesting.bonferroni(p);
        List<EnrichmentTerm> out = new ArrayList<>(m);
        for (int i = 0; i < m; i++) {
            TermCounts t = terms.get(i);
            int a = t.resultCount();
            int k = t.backgroundCount();
            double fold = resultSize > 0 && k > 0
                    ? ((double) a / resultSize) / ((double) k / backgroundSize) : 0.0;
            OddsRatio odds = OddsRatio.of(a, resultSize - a, k - a, (long) backgroundSize - resultSize - k + a);
            out.add(new EnrichmentTerm(t.termId(), t.termName() == null ? t.termId() : t.termName(), a, k, fold,
                    odds.value(), p[i], fdr[i], bonferroni[i], List.of(), odds.flag(), odds.haldane(), logP[i],
                    null));
        }
        // sort on ln p so terms whose p underflows to 0 still come out in the right order
        int[] order = IndexSort.ascending(logP);
        List<EnrichmentTerm> sorted = new ArrayList<>(m);
        for (int i : order) {
            sorted.add(out.get(i));
        }
        return new EnrichmentResult(analysisType, sorted, resultSize, backgroundSize, null);
    }

    private static void validate(TermCounts t, int i, int n, int bigN) {
        String prefix = "terms[" + i + "].";
        if (t.termId() == null || t.termId().isBlank()) {
            throw new ValidationException(prefix + "termId", "is required");
        }
        if (t.backgroundCount() < 0 || t.backgroundCount() > bigN) {
            throw new ValidationException(prefix + "backgroundCount", "must be between 0 and backgroundSize");
        }
        if (t.resultCount() < 0 || t.resultCount() > Math.min(n, t.backgroundCount())) {
            throw new ValidationException(prefix + "resultCount", "must be between 0 and min(resultSize, backgroundCount)");
        }
        if (t.backgroundCount() - t.resultCount() > bigN - n) {
            throw new ValidationException(prefix + "backgroundCount",
                    "more term genes outside the result than background genes outside it");
        }
    }

    /**
     * ln P(X ≥ a) of the terms of one analysis, computed once per distinct (a, K): the background and
     * result sizes are the same for every term, and annotation counts repeat (many terms share
     * small gene counts), so a repeated pair costs one table probe instead of a tail summation. The
     * value is the one {@link HypergeometricTest#logUpperTail} returns, bit for bit.
     *
     * <p>Open addressing on {@code long} keys (K in the high half, a in the low), no boxing.
     */
    private static final class TailsByCounts {
        private final long[] keys; // key + 1; 0 = empty
        private final double[] values;
        private final int mask;

        TailsByCounts(int terms) {
            int capacity = Integer.highestOneBit(Math.max(8, terms * 2 - 1)) << 1;
            keys = new long[capacity];
            values = new double[capacity];
            mask = capacity - 1;
        }

        double logUpperTail(int a, int k, int backgroundSize, int resultSize) {
            long key = ((long) k << 32 | a) + 1;
            int i = (int) ((key * 0x9E3779B97F4A7C15L) >>> 40) & mask;
            while (keys[i] != 0) {
                if (keys[i] == key) {
                    return values[i];
                }
                i = (i + 1) & mask;
            }
            double value = HypergeometricTest.logUpperTail(a, backgroundSize, k, resultSize);
            keys[i] = key;
            values[i] = value;
            return value;
        }
    }
}
