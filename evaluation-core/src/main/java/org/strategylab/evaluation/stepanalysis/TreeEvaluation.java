package org.strategylab.evaluation.stepanalysis;

import java.util.List;

/**
 * The counts of one evaluated tree against the controls. {@code orderedIds} (best first) is optional;
 * rank objectives and precision@K deltas need it. Counts are genes: {@code resultCount} is the
 * result's genes, and {@code transcriptCount} (null when unknown) its transcript rows beside them.
 */
public record TreeEvaluation(int resultCount, int positiveHits, int positiveTotal, int negativeHits, int negativeTotal,
                             List<String> capturedPositiveIds, List<String> capturedNegativeIds,
                             List<String> orderedIds, Integer transcriptCount) {

    /** An evaluation without a transcript count (gene lists, tests). */
    public TreeEvaluation(int resultCount, int positiveHits, int positiveTotal, int negativeHits, int negativeTotal,
                          List<String> capturedPositiveIds, List<String> capturedNegativeIds, List<String> orderedIds) {
        this(resultCount, positiveHits, positiveTotal, negativeHits, negativeTotal, capturedPositiveIds,
                capturedNegativeIds, orderedIds, null);
    }

    public TreeEvaluation {
        capturedPositiveIds = capturedPositiveIds == null ? List.of() : List.copyOf(capturedPositiveIds);
        capturedNegativeIds = capturedNegativeIds == null ? List.of() : List.copyOf(capturedNegativeIds);
        orderedIds = orderedIds == null ? null : List.copyOf(orderedIds);
    }

    /** hits/total, 0 without positives. */
    public double recall() {
        return positiveTotal > 0 ? (double) positiveHits / positiveTotal : 0.0;
    }

    /** negative hits/total, 0 without negatives. */
    public double falsePositiveRate() {
        return negativeTotal > 0 ? (double) negativeHits / negativeTotal : 0.0;
    }

    /** F1 from the counts (precision = TP/(TP+FP)), 0 when undefined. */
    public double f1() {
        double precision = positiveHits + negativeHits > 0 ? (double) positiveHits / (positiveHits + negativeHits) : 0.0;
        double recall = recall();
        return precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0.0;
    }
}
