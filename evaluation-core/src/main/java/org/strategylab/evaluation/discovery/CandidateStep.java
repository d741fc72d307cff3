package org.strategylab.evaluation.discovery;

import java.util.BitSet;
import java.util.Objects;

/**
 * One search, with its parameters set, that discovery may use as a step: which controls its result
 * holds. Positive control {@code i} is bit {@code i} of {@code positives}, negative control
 * {@code j} bit {@code j} of {@code negatives}, in the order the caller gave the controls.
 *
 * @param key        what identifies the step to the caller (its search and parameter values)
 * @param label      how a person reads it ("GO term: protein kinase activity")
 * @param positives  the positive controls in its result
 * @param negatives  the negative controls in its result
 * @param resultSize its result size on the site in genes, or -1 when not counted
 */
public record CandidateStep(String key, String label, BitSet positives, BitSet negatives, long resultSize) {

    /** Copies the sets, so the caller's later changes do not reach the step. */
    public CandidateStep {
        Objects.requireNonNull(key, "key");
        label = label == null ? key : label;
        positives = (BitSet) positives.clone();
        negatives = (BitSet) negatives.clone();
    }

    @Override
    public BitSet positives() {
        return (BitSet) positives.clone();
    }

    @Override
    public BitSet negatives() {
        return (BitSet) negatives.clone();
    }

    /** The control hits without copying, for the search's own evaluation. */
    ControlHits hits() {
        return new ControlHits(positives, negatives);
    }
}
