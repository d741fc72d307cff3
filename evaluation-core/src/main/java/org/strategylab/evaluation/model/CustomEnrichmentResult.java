package org.strategylab.evaluation.model;

import java.util.List;

/**
 * A gene set tested against an experiment's result within an explicit background (spec 2.6,
 * DECISIONS 12). Spec fields first; the rest are extras: the exact p-value's log, the spec's normal
 * approximation, the result size, the Haldane odds ratio, the odds-ratio flag, and the IDs dropped
 * because they lie outside the background.
 */
public record CustomEnrichmentResult(String geneSetName, int geneSetSize, int overlapCount, List<String> overlapGenes,
                                     int backgroundSize, int tpCount, double foldEnrichment, double pValue,
                                     Double oddsRatio, double logPValue, double pValueNormalApprox, int resultSize,
                                     double oddsRatioHaldane, String oddsRatioFlag,
                                     int geneSetIdsOutsideBackground, int resultIdsOutsideBackground) {
}
