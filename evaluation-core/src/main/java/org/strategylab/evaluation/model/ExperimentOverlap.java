package org.strategylab.evaluation.model;

/** One experiment's share of genes found by no other experiment (spec 2.6). */
public record ExperimentOverlap(String experimentId, String label, int totalGenes, int uniqueGenes, int sharedGenes) {
}
