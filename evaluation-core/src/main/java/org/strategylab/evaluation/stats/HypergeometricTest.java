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
     * <p>Why: Hipparchus' saddle-point ln pmf was two thirds of a term's cost, and terms of an
     * enrichment analysis that share K share the distribution. So ln pmf is computed once, at the
     * needed point nearest the mode, and one walk outwards from it over the ratio recurrences carries
     * it to the other points (the product moved into a log sum whenever it leaves [1e-200, 1e200]:
     * each step adds a relative rounding error of ~1e-16, so a walk of s steps is off by ~s·1e-16 in
     * ln pmf). The same walk sums the terms between neighbouring points, so the tails are summed
     * cumulatively, each stretch of the support once for the whole group: above the mode a point's
     * tail is the terms up to the next point plus that point's tail; below it the lower tails grow
     * the same way from the bottom. A single x, or x values spread so far apart that the walk would
     * cost more than it saves, take {@link #logUpperTail} itself.
     *
     * @throws ValidationException when the sizes are inconsistent
     */
    public static double[] logUpperTails(int[] xs, int population, int successes, int draws) {
        validate(population, successes, draws);
        double[] out = new double[xs.length];
        int lo = Math.max(0, draws + successes - population);
        int hi = Math.min(successes, draws);
        long mode = mode(population, successes, draws);
        // the point whose ln pmf each x needs: x above the mode, x − 1 at or below it (so below the
        // mode), and the span the points cover
        int first = Integer.MAX_VALUE;
        int last = Integer.MIN_VALUE;
        int inSupport = 0;
        for (int x : xs) {
            if (x > lo && x <= hi) {
                int point = x > mode ? x : x - 1;
                first = Math.min(first, point);
                last = Math.max(last, point);
                inSupport++;
            }
        }
        if (inSupport < 2 || (long) last - first > 64L * inSupport) {
            for (int i = 0; i < xs.length; i++) {
                out[i] = logUpperTail(xs[i], population, successes, draws);
            }
            return out;
        }
        // the distinct points in order, by marking their offsets (the span is at most 64 per x)
        int[] slotOfOffset = new int[last - first + 1];
        for (int x : xs) {
            if (x > lo && x <= hi) {
                slotOfOffset[(x > mode ? x : x - 1) - first] = 1;
            }
        }
        int[] points = new int[inSupport];
        int distinct = 0;
        for (int offset = 0; offset < slotOfOffset.length; offset++) {
            if (slotOfOffset[offset] != 0) {
                points[distinct] = first + offset;
                slotOfOffset[offset] = distinct++;
            }
        }
        int firstUpper = 0; // the points below the mode, then those above it
        while (firstUpper < distinct && points[firstUpper] < mode) {
            firstUpper++;
        }
        int anchor = firstUpper == distinct
                || firstUpper > 0 && mode - points[firstUpper - 1] < points[firstUpper] - mode
                ? firstUpper - 1 : firstUpper;
        double nK = population - successes - draws;
        double[] logPmf = new double[distinct];
        logPmf[anchor] = new HypergeometricDistribution(population, successes, draws).logProbability(points[anchor]);
        // segment[j]: Σ pmf(i)/pmf(point j) from point j up to the next point (excluded) above the
        // mode, down to the previous one (excluded) below it; step[j]: pmf(that point)/pmf(point j)
        double[] segment = new double[distinct];
        double[] step = new double[distinct];
        walk(points, anchor, distinct - 1, +1, logPmf, segment, step, successes, draws, nK, mode);
        walk(points, anchor, 0, -1, logPmf, segment, step, successes, draws, nK, mode);
        double[] tailOfPoint = new double[distinct];
        if (firstUpper < distinct) {
            int top = distinct - 1;
            double relative = upperRelativeTail(points[top], hi, successes, draws, nK); // tail/pmf
            tailOfPoint[top] = logPmf[top] + Math.log(relative);
            for (int j = top - 1; j >= firstUpper; j--) {
                relative = segment[j] + step[j] * relative; // every term positive: no cancellation
                tailOfPoint[j] = logPmf[j] + Math.log(relative);
            }
        }
        if (firstUpper > 0) {
            double relative = lowerRelativeTail(points[0], lo, successes, draws, nK); // lower tail/pmf
            tailOfPoint[0] = logOfComplement(logPmf[0], relative);
            for (int j = 1; j < firstUpper; j++) {
                relative = segment[j] + step[j] * relative;
                tailOfPoint[j] = logOfComplement(logPmf[j], relative);
            }
        }
        for (int i = 0; i < xs.length; i++) {
            int x = xs[i];
            if (x <= lo) {
                out[i] = 0.0;
            } else if (x > hi) {
                out[i] = Double.NEGATIVE_INFINITY;
            } else {
                out[i] = tailOfPoint[slotOfOffset[(x > mode ? x : x - 1) - first]];
            }
        }
        return out;
    }

    /**
     * Walks from point {@code from} to point {@code to} (direction ±1) over the ratio recurrence,
     * filling ln pmf of each point reached and, for points on the far side of the mode from where
     * the walk crosses it (above the mode walking up, below it walking down), the segment sum and
     * step to the next point. Terms there only shrink, so once the product has been moved into the
     * log sum (below 1e-200 of the segment's first term) the rest of the segment no longer counts.
     */
    private static void walk(int[] points, int from, int to, int direction, double[] logPmf, double[] segment,
                             double[] step, int successes, int draws, double nK, long mode) {
        int j = from;
        double product = 1.0; // pmf(i)/pmf(point j), divided by e^scale
        double scale = 0.0;
        double sum = 1.0;
        for (int i = points[from]; j != to; i += direction) {
            product *= direction > 0 ? upRatio(i, successes, draws, nK) : downRatio(i, successes, draws, nK);
            if (i + direction == points[j + direction]) {
                if (direction > 0 ? points[j] > mode : points[j] < mode) {
                    segment[j] = sum;
                    step[j] = scale == 0.0 ? product : 0.0; // below 1e-200 of pmf(point j): no longer counts
                }
                logPmf[j + direction] = logPmf[j] + scale + Math.log(product);
                j += direction;
                product = 1.0;
                scale = 0.0;
                sum = 1.0;
            } else {
                if (scale == 0.0) {
                    sum += product;
                }
                if (product < 1e-200 || product > 1e200) { // the latter only while crossing the mode
                    scale += Math.log(product);
                    product = 1.0;
                }
            }
        }
    }

    private static long mode(int population, int successes, int draws) {
        return (long) Math.floor(((double) draws + 1) * ((double) successes + 1) / ((double) population + 2));
    }

    /** ln P(X ≥ x) for x above the mode, from ln pmf(x). */
    private static double upperFrom(int x, double logPmfX, int population, int successes, int draws) {
        int hi = Math.min(successes, draws);
        return logPmfX + Math.log(upperRelativeTail(x, hi, successes, draws, population - successes - draws));
    }

    /** P(X ≥ x)/pmf(x) above the mode: the terms decrease from x upwards, summed until they no longer count. */
    private static double upperRelativeTail(int x, int hi, int successes, int draws, double nK) {
        double sum = 1.0;
        double term = 1.0;
        for (int i = x; i < hi; i++) {
            term *= upRatio(i, successes, draws, nK);
            sum += term;
            if (term < sum * 1e-17) {
                break;
            }
        }
        return sum;
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
        return logOfComplement(logPmfBelow,
                lowerRelativeTail(x - 1, lo, successes, draws, population - successes - draws));
    }

    /** P(X ≤ x)/pmf(x) below the mode: the terms decrease from x downwards, summed until they no longer count. */
    private static double lowerRelativeTail(int x, int lo, int successes, int draws, double nK) {
        double sum = 1.0;
        double term = 1.0;
        for (int i = x; i > lo; i--) {
            term *= downRatio(i, successes, draws, nK);
            sum += term;
            if (term < sum * 1e-17) {
                break;
            }
        }
        return sum;
    }

    /** ln(1 − P(X ≤ x)) from ln pmf(x) and P(X ≤ x)/pmf(x): the upper tail above x. */
    private static double logOfComplement(double logPmf, double relativeLowerTail) {
        return Math.log1p(-Math.min(Math.exp(logPmf) * relativeLowerTail, 1.0));
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
