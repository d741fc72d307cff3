package org.strategylab.evaluation.overlap;

import java.util.List;

/** An experiment's input to overlap: its true-positive and false-positive gene IDs. */
public record ExperimentGenes(String id, String label, List<String> truePositiveGenes, List<String> falsePositiveGenes) {
}
