package org.strategylab.evaluation.discovery;

import java.util.BitSet;

/**
 * The WDK boolean operators discovery combines steps with, by their WDK names. {@code MINUS} keeps
 * the left step's genes that the right step does not have (WDK's "1 minus 2").
 */
public enum BooleanOperator {
    /** Genes in both steps: sheds the negatives one step lets through. */
    INTERSECT,
    /** Genes in either step: recovers positives one step misses. */
    UNION,
    /** Genes of the left step not in the right one: removes what the negatives share. */
    MINUS;

    /**
     * The operator applied to two membership sets.
     *
     * @param left  the left step's members (not changed)
     * @param right the right step's members (not changed)
     * @return a new set
     */
    public BitSet apply(BitSet left, BitSet right) {
        BitSet result = (BitSet) left.clone();
        switch (this) {
            case INTERSECT -> result.and(right);
            case UNION -> result.or(right);
            case MINUS -> result.andNot(right);
        }
        return result;
    }

    /** Whether the two operands may change places without changing the result. */
    public boolean commutative() {
        return this != MINUS;
    }
}
