package org.strategylab.evaluation.stats;

import org.hipparchus.distribution.discrete.HypergeometricDistribution;
import org.hipparchus.special.Erf;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.model.HypergeometricResult;

/**
 * One-sided upper-tail hypergeometric test P(X ≥ x) for X ~ Hyp(population N, successes K, draws n)
 * (DECISIONS 11; evaluation-semantics §6).
 *
 * <p>The exact tail is summed in log space: Hipparchus supplies ln pmf(x) (Loader's saddle-point
 * expansion, accurate to ~1e-15 relative), and the remaining terms come from the ratio recurrence
 * pmf(i+1)/pmf(i) = (K−i)(n−i)/((i+1)(N−K−n+i+1)) relative to pmf(x), so p-values far below
 * 1e-300 keep their logarithm. Hipparchus' own {@code upperCumulativeProbability} sums in linear
 * space and underflows to 0 there, which is why it is not used. Below the mode the tail is 1 minus
 * the (small) lower tail, summed the same way downwards.
 */
public final class HypergeometricTest {
    private static final double SQRT2 = Math.sqrt(2.0);
    /** PathFinder's floor for the approximate p (ln of it is the smallest log survival it returns). */
    private static final double APPROX_FLOOR = 1e-300;

    private HypergeometricTest() {
    }

    /** The exact p, its log and the spec's normal approximation. */
    public static HypergeometricResult test(int observed, int population, int successes, int draws) {
        double logP = logUpperTail(observed, population, successes, draws);
        return new HypergeometricResult(Math.exp(logP), logP,
                normalApproximation(observed, population, successes, draws));
    }

    /**
     * ln P(X ≥ x): 0 when x is at or below the support's minimum, −∞ above its maximum.
     *
     * @throws ValidationException when the sizes are inconsistent
     */
    public static double logUpperTail(int x, int population, int successes, int draws) {
        validate(population, successes, draws);
        int lo = Math.max(0, draws + successes - population);
        int hi = Math.min(successes, draws);
        if (x <= lo) {
            return 0.0;
        }
        if (x > hi) {
            return Double.NEGATIVE_INFINITY;
        }
        HypergeometricDistribution dist = new HypergeometricDistribution(population, successes, draws);
        long mode = (long) Math.floor(((double) draws + 1) * ((double) successes + 1) / ((double) population + 2));
        double nK = population - successes - draws;
        if (x > mode) {
            // terms decrease from x upwards: sum them relative to pmf(x)
            double sum = 1.0;
            double term = 1.0;
            for (int i = x; i < hi; i++) {
                term *= ((double) (successes - i) * (draws - i)) / ((double) (i + 1) * (nK + i + 1));
                sum += term;
                if (term < sum * 1e-17) {
                    break;
                }
            }
            return dist.logProbability(x) + Math.log(sum);
        }
        // at or below the mode the upper tail is large: 1 − P(X ≤ x−1), lower terms decrease downwards
        double sum = 1.0;
        double term = 1.0;
        for (int i = x - 1; i > lo; i--) {
            term *= ((double) i * (nK + i)) / ((double) (successes - i + 1) * (draws - i + 1));
            sum += term;
            if (term < sum * 1e-17) {
                break;
            }
        }
        double lower = Math.exp(dist.logProbability(x - 1)) * sum;
        return Math.log1p(-Math.min(lower, 1.0));
    }

    /** P(X ≥ x), exact (may underflow to 0; use {@link #logUpperTail} to rank or threshold). */
    public static double upperTail(int x, int population, int successes, int draws) {
        return Math.exp(logUpperTail(x, population, successes, draws));
    }

    /**
     * The spec's normal approximation (rule 4.5.13) exactly as PathFinder computes it: no
     * continuity correction, p = 1 when x is at or below the mean, p floored at 1e-300. Kept for
     * conformance only; it is anti-conservative in the tail (evaluation-semantics §6).
     */
    public static double normalApproximation(int x, int population, int successes, int draws) {
        validate(population, successes, draws);
        if (population == 0) {
            return 1.0; // nothing to draw: PathFinder would divide by zero
        }
        double n = population;
        double mean = (double) successes * draws / n;
        // in doubles: the product of four counts overflows a long from about 55,000 each (N = 150,000,
        // K = n = 75,000 gives 3.2e19); doubles keep 16 digits, far inside the approximation's own error
        double variance = (double) successes * draws / n * ((double) (population - successes) / n)
                * ((double) (population - draws) / Math.max(n - 1, 1));
        double sd = Math.max(Math.sqrt(variance), 1e-12);
        double z = (x - mean) / sd;
        if (z <= 0) {
            return 1.0;
        }
        double tail = Math.max(Erf.erfc(z / SQRT2) / 2, APPROX_FLOOR);
        return Math.min(1.0, Math.exp(Math.log(tail)));
    }

    private static void validate(int population, int successes, int draws) {
        if (population < 0) {
            throw new ValidationException("population", "must be ≥ 0, got " + population);
        }
        if (successes < 0 || successes > population) {
            throw new ValidationException("successes", "must be between 0 and population (" + population + "), got "
                    + successes);
        }
        if (draws < 0 || draws > population) {
            throw new ValidationException("draws", "must be between 0 and population (" + population + "), got "
                    + draws);
        }
    }
}
