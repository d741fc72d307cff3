package org.strategylab.evaluation.discovery;

import org.strategylab.evaluation.ValidationException;

/**
 * How a discovery searches.
 *
 * @param objective what it maximises
 * @param maxSteps  the most steps a strategy may have, 1 to {@value #MAX_STEPS}
 * @param beamWidth how many combinations of each size are extended, 1 to {@value #MAX_BEAM}
 * @param folds     the folds of the controls' cross-validation (clamped to the controls there are)
 * @param seed      the folds' seed
 * @param top       how many strategies the result lists, 1 to {@value #MAX_TOP}
 */
public record DiscoverySettings(DiscoveryObjective objective, int maxSteps, int beamWidth, int folds, long seed, int top) {

    /** The most steps a discovered strategy may have. */
    public static final int MAX_STEPS = 5;
    /** The widest beam. */
    public static final int MAX_BEAM = 50;
    /** The most strategies a result lists. */
    public static final int MAX_TOP = 20;

    /** Checks the ranges, naming the setting that is out of range. */
    public DiscoverySettings {
        if (objective == null) {
            objective = DiscoveryObjective.F1;
        }
        if (maxSteps < 1 || maxSteps > MAX_STEPS) {
            throw new ValidationException("maxSteps", "must be 1 to " + MAX_STEPS + ", got " + maxSteps);
        }
        if (beamWidth < 1 || beamWidth > MAX_BEAM) {
            throw new ValidationException("beamWidth", "must be 1 to " + MAX_BEAM + ", got " + beamWidth);
        }
        if (top < 1 || top > MAX_TOP) {
            throw new ValidationException("top", "must be 1 to " + MAX_TOP + ", got " + top);
        }
    }

    /** F1, at most 3 steps, a beam of 8, 5 folds, seed 42, the 5 best strategies. */
    public static DiscoverySettings defaults() {
        return new DiscoverySettings(DiscoveryObjective.F1, 3, 8, 5, 42, 5);
    }
}
