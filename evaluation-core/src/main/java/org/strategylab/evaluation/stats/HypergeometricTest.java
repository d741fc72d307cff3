package org.strategylab.evaluation.stats;

import org.hipparchus.distribution.discrete.HypergeometricDistribution;
import org.hipparchus.special.Erf;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.model.HypergeometricResult;

import java.util.Arrays;

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
        if (x > mode(population, successes, draws)) {
            return upperFrom(x, dist.logProbability(x), population, successes, draws);
        }
        return lowerFrom(x, dist.logProbability(x - 1), population, successes, draws);
    }

    /**
     * ln P(X ≥ x) for many x of one distribution (one background, result size and term size K), as
     * {@link #logUpperTail} computes each, within a relative 1e-12 of it (the accuracy the exact
     * summation fixtures demand of both).
     *
     * <p>Why: the tail of each x is summed relative to one probability, ln pmf(x) (or ln pmf(x − 1)
     * below the mode), and Hipparchus' saddle-point ln pmf was two thirds of a term's cost. Terms of
     * an enrichment analysis that share K share the distribution, so ln pmf is computed once, at the
     * needed point nearest the mode, and carried to the others by the ratio recurrences (the ones the
     * tails are summed with), the product moved into a log sum whenever it falls below 1e-200: each
     * step adds a relative rounding error of ~1e-16 to pmf, so a walk of s steps is off by
     * ~s·1e-16 in ln pmf. A single x, or x
     * values spread so far apart that the walk would cost more than it saves, take
     * {@link #logUpperTail} itself.
     *
     * @throws ValidationException when the sizes are inconsistent
     */
    public static double[] logUpperTails(int[] xs, int population, int successes, int draws) {
        validate(population, successes, draws);
        double[] out = new double[xs.length];
        int lo = Math.max(0, draws + successes - population);
        int hi = Math.min(successes, draws);
        long mode = mode(population, successes, draws);
        // the point whose ln pmf each x needs: x above the mode, x − 1 at or below it
        int[] points = new int[xs.length];
        int count = 0;
        for (int x : xs) {
            if (x > lo && x <= hi) {
                points[count++] = x > mode ? x : x - 1;
            }
        }
        Arrays.sort(points, 0, count);
        int distinct = 0;
        for (int i = 0; i < count; i++) {
            if (distinct == 0 || points[i] != points[distinct - 1]) {
                points[distinct++] = points[i];
            }
        }
        if (distinct < 2 || (long) points[distinct - 1] - points[0] > 64L * distinct) {
            for (int i = 0; i < xs.length; i++) {
                out[i] = logUpperTail(xs[i], population, successes, draws);
            }
            return out;
        }
        // anchor at the point nearest the mode (the largest pmf) and walk outwards both ways: the
        // products only shrink, so they are moved into the log sum only far out in the tails
        int anchor = 0;
        for (int j = 1; j < distinct; j++) {
            if (Math.abs(points[j] - mode) < Math.abs(points[anchor] - mode)) {
                anchor = j;
            }
        }
        double[] logPmf = new double[distinct];
        logPmf[anchor] = new HypergeometricDistribution(population, successes, draws).logProbability(points[anchor]);
        double nK = population - successes - draws;
        double logSum = logPmf[anchor];
        double product = 1.0;
        int next = anchor + 1;
        for (int i = points[anchor]; next < distinct; i++) { // pmf(i+1)/pmf(i)
            product *= ((double) (successes - i) * (draws - i)) / ((double) (i + 1) * (nK + i + 1));
            if (product < 1e-200) {
                logSum += Math.log(product);
                product = 1.0;
            }
            if (i + 1 == points[next]) {
                logPmf[next++] = logSum + Math.log(product);
            }
        }
        logSum = logPmf[anchor];
        product = 1.0;
        next = anchor - 1;
        for (int i = points[anchor]; next >= 0; i--) { // pmf(i−1)/pmf(i)
            product *= ((double) i * (nK + i)) / ((double) (successes - i + 1) * (draws - i + 1));
            if (product < 1e-200) {
                logSum += Math.log(product);
                product = 1.0;
            }
            if (i - 1 == points[next]) {
                logPmf[next--] = logSum + Math.log(product);
            }
        }
        // each distinct point's tail once (terms of one K often share their count too), its ratios
        // from tables shared by the group: the same doubles, so the same sums, as upperFrom/lowerFrom
        double[] tailOfPoint = new double[distinct];
        int firstUpper = 0; // points are sorted: those below the mode, then those above it
        while (firstUpper < distinct && points[firstUpper] < mode) {
            firstUpper++;
        }
        RatioTable downRatios = firstUpper == 0 ? null
                : new RatioTable(points[firstUpper - 1], points[firstUpper - 1] - points[0], successes, draws, nK);
        RatioTable upRatios = firstUpper == distinct ? null
                : new RatioTable(points[firstUpper], points[distinct - 1] - points[firstUpper], successes, draws, nK);
        for (int j = 0; j < distinct; j++) {
            tailOfPoint[j] = j >= firstUpper ? upperFrom(points[j], logPmf[j], hi, upRatios)
                    : lowerFrom(points[j] + 1, logPmf[j], lo, downRatios);
        }
        for (int i = 0; i < xs.length; i++) {
            int x = xs[i];
            if (x <= lo) {
                out[i] = 0.0;
            } else if (x > hi) {
                out[i] = Double.NEGATIVE_INFINITY;
            } else {
                out[i] = tailOfPoint[Arrays.binarySearch(points, 0, distinct, x > mode ? x : x - 1)];
            }
        }
        return out;
    }

    private static long mode(int population, int successes, int draws) {
        return (long) Math.floor(((double) draws + 1) * ((double) successes + 1) / ((double) population + 2));
    }

    /** ln P(X ≥ x) for x above the mode, from ln pmf(x): the terms decrease from x upwards. */
    private static double upperFrom(int x, double logPmfX, int population, int successes, int draws) {
        int hi = Math.min(successes, draws);
        double nK = population - successes - draws;
        // terms decrease from x upwards: sum them relative to pmf(x)
        double sum = 1.0;
        double term = 1.0;
        for (int i = x; i < hi; i++) {
            term *= upRatio(i, successes, draws, nK);
            sum += term;
            if (term < sum * 1e-17) {
                break;
            }
        }
        return logPmfX + Math.log(sum);
    }

    /** {@link #upperFrom(int, double, int, int, int)} with the ratios from a shared table: the same doubles. */
    private static double upperFrom(int x, double logPmfX, int hi, RatioTable table) {
        double[] ratios = table.values;
        int base = table.base; // slot k holds the ratio at base + k
        double sum = 1.0;
        double term = 1.0;
        for (int i = x; i < hi; i++) {
            int k = i - base;
            if (k >= ratios.length) {
                ratios = table.grow(k);
            }
            double ratio = ratios[k];
            if (ratio == 0.0) {
                ratio = upRatio(i, table.successes, table.draws, table.nK);
                ratios[k] = ratio;
            }
            term *= ratio;
            sum += term;
            if (term < sum * 1e-17) {
                break;
            }
        }
        return logPmfX + Math.log(sum);
    }

    /** pmf(i+1)/pmf(i). */
    private static double upRatio(int i, int successes, int draws, double nK) {
        return ((double) (successes - i) * (draws - i)) / ((double) (i + 1) * (nK + i + 1));
    }

    /** pmf(i−1)/pmf(i). */
    private static double downRatio(int i, int successes, int draws, double nK) {
        return ((double) i * (nK + i)) / ((double) (successes - i + 1) * (draws - i + 1));
    }

    /** ln P(X ≥ x) for x at or below the mode, from ln pmf(x − 1): 1 − the (small) lower tail. */
    private static double lowerFrom(int x, double logPmfBelow, int population, int successes, int draws) {
        int lo = Math.max(0, draws + successes - population);
        double nK = population - successes - draws;
        // at or below the mode the upper tail is large: 1 − P(X ≤ x−1), lower terms decrease downwards
        double sum = 1.0;
        double term = 1.0;
        for (int i = x - 1; i > lo; i--) {
            term *= downRatio(i, successes, draws, nK);
            sum += term;
            if (term < sum * 1e-17) {
                break;
            }
        }
        double lower = Math.exp(logPmfBelow) * sum;
        return Math.log1p(-Math.min(lower, 1.0));
    }

    /** {@link #lowerFrom(int, double, int, int, int)} with the ratios from a shared table: the same doubles. */
    private static double lowerFrom(int x, double logPmfBelow, int lo, RatioTable table) {
        double[] ratios = table.values;
        int base = table.base; // slot k holds the ratio at base − k
        double sum = 1.0;
        double term = 1.0;
        for (int i = x - 1; i > lo; i--) {
            int k = base - i;
            if (k >= ratios.length) {
                ratios = table.grow(k);
            }
            double ratio = ratios[k];
            if (ratio == 0.0) {
                ratio = downRatio(i, table.successes, table.draws, table.nK);
                ratios[k] = ratio;
            }
            term *= ratio;
            sum += term;
            if (term < sum * 1e-17) {
                break;
            }
        }
        double lower = Math.exp(logPmfBelow) * sum;
        return Math.log1p(-Math.min(lower, 1.0));
    }

    /**
     * The ratios pmf(i+1)/pmf(i) above the mode or pmf(i−1)/pmf(i) below it, of one distribution,
     * from {@code base} outwards, each computed on first use: the terms of one K share them. 0 marks
     * an empty slot (every ratio inside the support is positive). Sized for the points plus a margin;
     * it grows when a tail reaches further (the tails stop where their terms no longer count).
     */
    private static final class RatioTable {
        final int base;
        final int successes;
        final int draws;
        final double nK;
        double[] values;

        RatioTable(int base, int span, int successes, int draws, double nK) {
            this.base = base;
            this.successes = successes;
            this.draws = draws;
            this.nK = nK;
            this.values = new double[span + 64];
        }

        /** Makes slot k exist; returns the (new) array. */
        double[] grow(int k) {
            values = Arrays.copyOf(values, Math.max(k + 1, values.length * 2));
            return values;
        }
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
