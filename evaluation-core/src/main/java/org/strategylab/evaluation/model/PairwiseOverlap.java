package org.strategylab.evaluation.model;

import java.util.List;

/** The overlap of two experiments' gene sets (spec 2.6). */
public record PairwiseOverlap(String experimentA, String experimentB, String labelA, String labelB, int sizeA,
                              int sizeB, int intersection, int union, double jaccard, List<String> sharedGenes,
                              List<String> uniqueA, List<String> uniqueB) {
}
