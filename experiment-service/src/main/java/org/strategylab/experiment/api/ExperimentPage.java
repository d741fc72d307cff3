package org.strategylab.experiment.api;

import java.util.List;

/** One page of the caller's experiments, newest first, with the total the filter matches. */
public record ExperimentPage(List<ExperimentSummary> items, long total, int limit, int offset) {
}
