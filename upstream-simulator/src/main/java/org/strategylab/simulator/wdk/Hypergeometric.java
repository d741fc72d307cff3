package org.strategylab.simulator.wdk;

/**
 * Exact one-sided Fisher test (hypergeometric upper tail) in log space, as the enrichment plugins use:
 * P(X >= k) for k result genes annotated to a term, n result genes, K background genes annotated,
 * N background genes.
 */
final class Hypergeometric {

    private Hypergeometric() {
    }

    static double upperTail(int k, int n, int bigK, int bigN) {
        int max = Math.min(n, bigK);
        if (k <= Math.max(0, n + bigK - bigN)) {
            return 1.0;
        }
        double logDenominator = logChoose(bigN, n);
        double[] terms = new double[max - k + 1];
        double largest = Double.NEGATIVE_INFINITY;
        for (int x = k; x <= max; x++) {
            terms[x - k] = logChoose(bigK, x) + logChoose(bigN - bigK, n - x) - logDenominator;
            largest = Math.max(largest, terms[x - k]);
        }
        double sum = 0; // log-sum-exp: accurate in the far tail, no overflow near the mode
        for (double term : terms) {
            sum += Math.exp(term - largest);
        }
        return Math.min(1.0, Math.exp(largest + Math.log(sum)));
    }

    static double logChoose(int n, int k) {
        if (k < 0 || k > n) {
            return Double.NEGATIVE_INFINITY;
        }
        return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
    }

    private static final double[] LOG_FACTORIAL = new double[100_001];

    static {
        for (int i = 1; i < LOG_FACTORIAL.length; i++) {
            LOG_FACTORIAL[i] = LOG_FACTORIAL[i - 1] + Math.log(i);
        }
    }

    static double logFactorial(int n) {
        if (n < LOG_FACTORIAL.length) {
            return LOG_FACTORIAL[n];
        }
        double x = n + 1.0; // Stirling series for large n
        return (x - 0.5) * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI) + 1.0 / (12 * x);
    }

    /** Benjamini-Hochberg adjusted p-values, in the input order, over every tested term. */
    static double[] benjaminiHochberg(double[] p) {
        int m = p.length;
        Integer[] order = new Integer[m];
        for (int i = 0; i < m; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(p[b], p[a]));
        double[] adjusted = new double[m];
        double running = 1.0;
        for (int rank = m; rank >= 1; rank--) {
            int i = order[m - rank];
            running = Math.min(running, p[i] * m / rank);
            adjusted[i] = Math.min(1.0, running);
        }
        return adjusted;
    }
}
