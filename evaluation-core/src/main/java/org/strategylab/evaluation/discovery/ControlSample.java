package org.strategylab.evaluation.discovery;

import java.util.BitSet;
import org.strategylab.evaluation.model.ConfusionMatrix;

/**
 * Some of the controls (a fold, or all but one fold): bit sets over the positives and the
 * negatives, in the order the caller gave them.
 *
 * @param positives the positive controls in the sample
 * @param negatives the negative controls in the sample
 */
public record ControlSample(BitSet positives, BitSet negatives) {

    /** Every control. */
    static ControlSample all(int positives, int negatives) {
        BitSet p = new BitSet(positives);
        p.set(0, positives);
        BitSet n = new BitSet(negatives);
        n.set(0, negatives);
        return new ControlSample(p, n);
    }

    /**
     * The confusion matrix of a result over this sample's controls.
     *
     * @param hits the controls the result holds
     * @return true and false positives and negatives, counted in this sample
     */
    public ConfusionMatrix confusion(ControlHits hits) {
        BitSet tp = (BitSet) hits.positives().clone();
        tp.and(positives);
        BitSet fp = (BitSet) hits.negatives().clone();
        fp.and(negatives);
        int truePositives = tp.cardinality();
        int falsePositives = fp.cardinality();
        return new ConfusionMatrix(truePositives, falsePositives, negatives.cardinality() - falsePositives,
                positives.cardinality() - truePositives);
    }
}
