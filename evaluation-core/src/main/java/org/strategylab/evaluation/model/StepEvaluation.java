package org.strategylab.evaluation.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One leaf evaluated on its own branch, keeping ancestor transforms (spec 2.3, phase 1). Counts are
 * genes: {@code resultCount} is the branch's genes; {@code transcriptCount}, written only when the
 * site stated it, its transcript rows beside them.
 */
public record StepEvaluation(String stepId, String searchName, String displayName, int resultCount,
                             int positiveHits, int positiveTotal, int negativeHits, int negativeTotal,
                             double recall, double falsePositiveRate, List<String> capturedPositiveIds,
                             List<String> capturedNegativeIds, int tpMovement, int fpMovement, int fnMovement,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Integer transcriptCount) {

    /** A step evaluation without a transcript count. */
    public StepEvaluation(String stepId, String searchName, String displayName, int resultCount,
                          int positiveHits, int positiveTotal, int negativeHits, int negativeTotal,
                          double recall, double falsePositiveRate, List<String> capturedPositiveIds,
                          List<String> capturedNegativeIds, int tpMovement, int fpMovement, int fnMovement) {
        this(stepId, searchName, displayName, resultCount, positiveHits, positiveTotal, negativeHits, negativeTotal,
                recall, falsePositiveRate, capturedPositiveIds, capturedNegativeIds, tpMovement, fpMovement, fnMovement,
                null);
    }

    @JsonCreator
    public StepEvaluation {
        capturedPositiveIds = capturedPositiveIds == null ? List.of() : List.copyOf(capturedPositiveIds);
        capturedNegativeIds = capturedNegativeIds == null ? List.of() : List.copyOf(capturedNegativeIds);
    }
}
