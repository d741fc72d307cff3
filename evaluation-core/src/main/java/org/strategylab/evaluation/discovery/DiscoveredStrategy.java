package org.strategylab.evaluation.discovery;

import java.util.List;
import org.strategylab.evaluation.model.ConfusionMatrix;

/**
 * One strategy a discovery proposes.
 *
 * @param combination   its steps and operators
 * @param description   the same in words
 * @param score         the objective on every control
 * @param counts        its confusion matrix over every control
 * @param foldMean      the mean of its objective on each held-out fold
 * @param foldStdDev    the sample standard deviation of those (0 with one fold)
 * @param contributions what each step adds to the score
 * @param chosen        whether it is the one discovery recommends
 */
public record DiscoveredStrategy(Combination combination, String description, double score, ConfusionMatrix counts,
                                 double foldMean, double foldStdDev, List<StepShare> contributions, boolean chosen) {

    /**
     * What one step adds: the objective on every control with and without it.
     *
     * @param step         the step's index in the candidates
     * @param label        the step in words
     * @param scoreWithout the objective of the strategy without the step (a {@code MINUS} without
     *                     its left operand returns nothing)
     * @param contribution the strategy's score minus that
     */
    public record StepShare(int step, String label, double scoreWithout, double contribution) {
    }

    /** How many steps it has. */
    public int steps() {
        return combination.size();
    }
}
