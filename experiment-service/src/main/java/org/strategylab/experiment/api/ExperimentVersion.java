package org.strategylab.experiment.api;

/**
 * One version of an experiment in its list of versions ({@code versions} of {@code GET …/{id}}): what
 * it holds in short. Each earlier version is readable whole, unchanged, at
 * {@code GET …/{id}/versions/{version}}.
 *
 * @param current      whether the experiment is at this version now
 * @param metricsStale whether the version's figures were computed on another result (a refine made it
 *                     and it has not been re-evaluated)
 * @param resultCount  its result's size in genes, when computed
 * @param refinement   what made it from the version before (null for version 1)
 * @param supersededAt when the next version replaced it (null for the current one)
 */
public record ExperimentVersion(int version, boolean current, String status, boolean metricsStale, Long resultCount,
                                Double f1Score, Double sensitivity, Double specificity, Long upstreamStepId,
                                VersionRefinement refinement, String supersededAt) {
}
