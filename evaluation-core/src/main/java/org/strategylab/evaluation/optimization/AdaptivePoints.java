package org.strategylab.evaluation.optimization;

import org.hipparchus.random.SobolSequenceGenerator;
import org.hipparchus.random.Well19937c;

/**
 * The seeded search path both optimisers walk through the unit cube of their knobs: the first
 * share of the budget follows an unscrambled Sobol sequence (Hipparchus), spreading trials evenly;
 * the rest perturb the best point so far (Gaussian steps of 15 % of each range, shrinking towards
 * the end; choice dimensions re-drawn with probability 0.2). Optuna's TPE has no maintained Java
 * port, and Hipparchus' optimisers need a smooth objective, which a count-valued search result is not.
 */
final class AdaptivePoints {
    private static final double EXPLORE_SHARE = 0.6;

    private final boolean[] choice;
    private final int budget;
    private final int explore;
    private final SobolSequenceGenerator sobol;
    private final Well19937c random;

    /**
     * @param choice which dimensions are choices (categorical parameters, operators): re-drawn, not nudged
     * @param budget the trials the path is for (its first trial is the caller's own starting point)
     */
    AdaptivePoints(boolean[] choice, int budget, long seed) {
        this.choice = choice.clone();
        this.budget = budget;
        this.explore = Math.max(1, (int) Math.ceil(budget * EXPLORE_SHARE));
        this.sobol = choice.length == 0 ? null : new SobolSequenceGenerator(choice.length);
        this.random = new Well19937c(seed);
    }

    /** The point of trial {@code t} (1-based, {@code t ≥ 2}), given the best point so far. */
    double[] next(int t, double[] best) {
        if (sobol == null) {
            return new double[0];
        }
        if (t <= explore || best == null) {
            return sobol.nextVector();
        }
        double scale = 0.15 * (1.0 - (double) (t - explore) / (budget - explore + 1));
        double[] p = best.clone();
        for (int i = 0; i < p.length; i++) {
            if (!choice[i]) {
                p[i] = Math.min(1, Math.max(0, p[i] + random.nextGaussian() * scale));
            } else if (random.nextDouble() < 0.2) {
                p[i] = random.nextDouble();
            }
        }
        return p;
    }

    /** A uniformly random point (the {@code random} method). */
    double[] uniform() {
        double[] p = new double[choice.length];
        for (int i = 0; i < p.length; i++) {
            p[i] = random.nextDouble();
        }
        return p;
    }
}
