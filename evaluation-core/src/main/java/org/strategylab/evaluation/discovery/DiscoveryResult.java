package org.strategylab.evaluation.discovery;

import java.util.List;
import org.strategylab.evaluation.model.SampleWarning;

/**
 * What a discovery found.
 *
 * @param strategies          the proposals, the recommended one first
 * @param crossValidatedScore the objective the whole procedure reaches on controls it did not see:
 *                            the mean over rounds of the held-out fold's score of the strategy that
 *                            round chose from the other folds
 * @param roundScores         each round's held-out score
 * @param overfittingGap      the recommended strategy's score on every control minus the
 *                            cross-validated score
 * @param overfittingLevel    low below 0.10, moderate below 0.25, else high (as cross-validation says it)
 * @param folds               the folds used
 * @param seed                their seed
 * @param combinationsScored  how many combinations the search scored on every control
 * @param warnings            caveats of a small sample of controls
 */
public record DiscoveryResult(List<DiscoveredStrategy> strategies, double crossValidatedScore, List<Double> roundScores,
                              double overfittingGap, String overfittingLevel, int folds, long seed, int combinationsScored,
                              List<SampleWarning> warnings) {

    /** The recommended strategy. */
    public DiscoveredStrategy chosen() {
        return strategies.get(0);
    }
}
