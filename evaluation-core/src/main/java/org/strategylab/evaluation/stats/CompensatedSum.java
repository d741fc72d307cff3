package org.strategylab.evaluation.stats;

/**
 * Neumaier-compensated summation, the algorithm of Python ≥ 3.12's {@code sum()} over floats, so
 * means and standard deviations agree with PathFinder's to the last bit (evaluation-semantics §16).
 */
public final class CompensatedSum {
    private double sum;
    private double compensation;

    /** Adds one value. */
    public void add(double x) {
        double t = sum + x;
        if (Math.abs(sum) >= Math.abs(x)) {
            compensation += (sum - t) + x;
        } else {
            compensation += (x - t) + sum;
        }
        sum = t;
    }

    /** The compensated total. */
    public double value() {
        return sum + compensation;
    }

    /** The compensated sum of an array. */
    public static double of(double[] values) {
        CompensatedSum s = new CompensatedSum();
        for (double v : values) {
            s.add(v);
        }
        return s.value();
    }
}
