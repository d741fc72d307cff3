package org.strategylab.experiment.run;

import java.util.List;
import org.strategylab.experiment.api.ExperimentResults;

/**
 * What a run has computed so far; each phase answers a new state, and the runner persists it after
 * every phase, so a later failure loses nothing already computed.
 *
 * @param orderedIds the result's IDs in rank order (not persisted: re-read from the step when needed)
 * @param resultIds  IDs that classify the result against the controls (the ordered IDs plus every control hit)
 */
public record RunState(ExperimentResults results, Long upstreamStrategyId, Long upstreamStepId,
                       List<String> orderedIds, List<String> resultIds) {

    public static final RunState EMPTY = new RunState(ExperimentResults.NONE, null, null, List.of(), List.of());

    public RunState withResults(ExperimentResults next) {
        return new RunState(next, upstreamStrategyId, upstreamStepId, orderedIds, resultIds);
    }
}
