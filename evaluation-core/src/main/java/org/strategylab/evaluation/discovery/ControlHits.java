package org.strategylab.evaluation.discovery;

import java.util.BitSet;

/**
 * The controls a step or a combination returns: bit sets over the positives and the negatives, in
 * the order the caller gave them. The sets are shared, not copied: nothing here changes them.
 *
 * @param positives the positive controls returned
 * @param negatives the negative controls returned
 */
public record ControlHits(BitSet positives, BitSet negatives) {

    ControlHits combine(BooleanOperator operator, ControlHits right) {
        return new ControlHits(operator.apply(positives, right.positives), operator.apply(negatives, right.negatives));
    }
}
