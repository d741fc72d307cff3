package org.strategylab.evaluation.model;

import java.util.List;

/** One leaf evaluated on its own branch, keeping ancestor transforms (spec 2.3, phase 1). */
public record StepEvaluation(String stepId, String searchName, String displayName, int resultCount,
                             int positiveHits, int positiveTotal, int negativeHits, int negativeTotal,
                             double recall, double falsePositiveRate, List<String> capturedPositiveIds,
                             List<String> capturedNegativeIds, int tpMovement, int fpMovement, int fnMovement) {
    public StepEvaluation {
        capturedPositiveIds = capturedPositiveIds == null ? List.of() : List.copyOf(capturedPositiveIds);
        capturedNegativeIds = capturedNegativeIds == null ? List.of() : List.copyOf(capturedNegativeIds);
    }
}
