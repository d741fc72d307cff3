package org.strategylab.evaluation.cv;

/** Progress of a cross-validation run, reported after each fold (rule 4.5.9). */
@FunctionalInterface
public interface FoldProgress {
    /** Fold {@code foldIndex} (0-based) of {@code totalFolds} has been evaluated. */
    void foldCompleted(int foldIndex, int totalFolds);

    /** Ignores progress. */
    FoldProgress NONE = (i, n) -> { };
}
