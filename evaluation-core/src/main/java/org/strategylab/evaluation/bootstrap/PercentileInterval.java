package org.strategylab.evaluation.bootstrap;

import org.strategylab.evaluation.model.ConfidenceInterval;
import org.strategylab.evaluation.stats.CompensatedSum;

import java.util.Arrays;

/**
 * The 95 % percentile interval by index, as PathFinder takes it: sorted replicates s,
 * lower = s[max(0, ⌊0.025·B⌋)], upper = s[min(B−1, ⌊0.975·B⌋)] (for B = 200 indexes 5 and 195),
 * mean with compensated summation, sample standard deviation (n−1).
 */
public final class PercentileInterval {
    private PercentileInterval() {
    }

    /** The interval of {@code samples} (sorted in place); all zeros for no samples. */
    public static ConfidenceInterval of(double[] samples) {
        int b = samples.length;
        if (b == 0) {
            return ConfidenceInterval.EMPTY;
        }
        Arrays.sort(samples);
        double mean = CompensatedSum.of(samples) / b;
        CompensatedSum squares = new CompensatedSum();
        for (double x : samples) {
            squares.add((x - mean) * (x - mean));
        }
        double std = Math.sqrt(squares.value() / Math.max(b - 1, 1));
        return new ConfidenceInterval(samples[Math.max(0, (int) (b * 0.025))], mean,
                samples[Math.min(b - 1, (int) (b * 0.975))], std);
    }
}
