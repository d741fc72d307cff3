package org.strategylab.evaluation.ids;

/**
 * A set of {@code String.hashCode} values: a cheap proof that strings are distinct. Strings with
 * different hash codes differ, so while every added hash code is new the strings were all
 * distinct, and no string had to be kept or compared. A repeated hash code only says "maybe a
 * duplicate" ({@link FirstSightings} then turns exact). One {@code int} per slot: half the size of
 * the interner's table, and no string is ever loaded.
 */
final class HashCodeSet {
    /** 2^32 / φ, the multiplier of Fibonacci hashing, as in {@link IdInterner}. */
    private static final int GOLDEN = 0x9E3779B9;
    private final int[] slots;
    private final int mask;
    private final int shift;

    /** A set for at most {@code capacity} hash codes; it does not grow. */
    HashCodeSet(int capacity) {
        int length = IdInterner.slotsFor(capacity);
        slots = new int[length];
        mask = length - 1;
        shift = Integer.numberOfLeadingZeros(length) + 1; // 32 − log2(length)
    }

    /**
     * Adds a hash code; false if it (or, for 0, the code 1, which stands for it because 0 marks an
     * empty slot) was added before. Adding more codes than the capacity is not allowed.
     */
    boolean add(int hash) {
        int h = hash == 0 ? 1 : hash;
        int i = (h * GOLDEN) >>> shift;
        int slot;
        while ((slot = slots[i]) != 0) {
            if (slot == h) {
                return false;
            }
            i = (i + 1) & mask;
        }
        slots[i] = h;
        return true;
    }
}
