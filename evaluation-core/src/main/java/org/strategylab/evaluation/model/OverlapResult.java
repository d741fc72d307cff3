package org.strategylab.evaluation.model;

import java.util.List;
import java.util.Map;

/** Gene-set overlap across experiments (spec 2.6). */
public record OverlapResult(List<String> experimentIds, Map<String, String> experimentLabels,
                            List<PairwiseOverlap> pairwise, List<ExperimentOverlap> perExperiment,
                            List<String> universalGenes, int totalUniqueGenes, List<GeneMembership> geneMembership) {
}
