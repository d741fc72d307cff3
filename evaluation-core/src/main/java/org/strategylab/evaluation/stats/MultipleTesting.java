package org.strategylab.evaluation.stats;

/**
 * Multiple-testing adjustments over every tested term (DECISIONS 18: never only over the terms that
 * pass a cutoff).
 */
public final class MultipleTesting {
    private MultipleTesting() {
    }

    /**
     * Benjamini–Hochberg adjusted p-values in the R / SciPy form: for ascending p, (m/j)·p₍ⱼ₎, then the
     * cumulative minimum from the largest, capped at 1. Monotone in p and never below it.
     */
    public static double[] benjaminiHochberg(double[] p) {
        int m = p.length;
        double[] adjusted = new double[m];
        if (m == 0) {
            return adjusted;
        }
        int[] order = IndexSort.ascending(p);
        double[] ascending = new double[m];
        for (int j = 0; j < m; j++) {
            ascending[j] = p[order[j]];
        }
        double[] sortedAdjusted = benjaminiHochbergOfAscending(ascending);
        for (int j = 0; j < m; j++) {
            adjusted[order[j]] = sortedAdjusted[j];
        }
        return adjusted;
    }

    /**
     * {@link #benjaminiHochberg} of p-values already in ascending order, in that order: one pass, no
     * sort. Any order of tied p values gives the same adjusted values.
     */
    public static double[] benjaminiHochbergOfAscending(double[] ascending) {
        int m = ascending.length;
        double[] adjusted = new double[m];
        double running = 1.0;
        for (int j = m - 1; j >= 0; j--) {
            double value = (double) m / (j + 1) * ascending[j];
            running = Math.min(running, value);
            adjusted[j] = running;
        }
        return adjusted;
    }

    /** Bonferroni: min(1, m·p). */
    public static double[] bonferroni(double[] p) {
        int m = p.length;
        double[] adjusted = new double[m];
        for (int i = 0; i < m; i++) {
            adjusted[i] = Math.min(1.0, m * p[i]);
        }
        return adjusted;
    }

}
