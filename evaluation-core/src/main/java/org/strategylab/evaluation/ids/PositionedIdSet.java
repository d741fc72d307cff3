package org.strategylab.evaluation.ids;

import java.util.List;

/**
 * An exact set of the distinct IDs of one list, kept as (hash code, position) pairs in one
 * {@code long} per slot: the strings stay in the caller's list, and one is read back (and trimmed
 * again) only when its hash code equals that of the ID being added. Used by {@link FirstSightings}
 * after a hash code repeats.
 */
final class PositionedIdSet {
    /** 2^32 / φ, the multiplier of Fibonacci hashing, as in {@link IdInterner}. */
    private static final int GOLDEN = 0x9E3779B9;
    private final List<String> list;
    private final long[] slots;
    private final int mask;
    private final int shift;

    /** A set over {@code list} (random access) for at most its size of IDs; it does not grow. */
    PositionedIdSet(List<String> list) {
        this.list = list;
        int length = IdInterner.slotsFor(list.size());
        slots = new long[length];
        mask = length - 1;
        shift = Integer.numberOfLeadingZeros(length) + 1; // 32 − log2(length)
    }

    /**
     * Adds {@code id}, the trimmed form of the list's element at {@code position}; false if an equal
     * ID (the trimmed form of an earlier element) was added before.
     */
    boolean add(String id, int position) {
        int h = id.hashCode();
        int i = (h * GOLDEN) >>> shift;
        long slot;
        while ((slot = slots[i]) != 0) {
            if ((int) (slot >>> 32) == h && id.equals(IdNormaliser.trim(list.get((int) slot - 1)))) {
                return false;
            }
            i = (i + 1) & mask;
        }
        slots[i] = entry(h, position);
        return true;
    }

    /**
     * Places an entry (from {@link #entry}) without comparing it to anything: for an ID whose hash
     * code no ID added before shares, so it cannot be present.
     */
    void addKnownDistinct(long entry) {
        int i = ((int) (entry >>> 32) * GOLDEN) >>> shift;
        while (slots[i] != 0) {
            i = (i + 1) & mask;
        }
        slots[i] = entry;
    }

    /** The slot value of the ID with hash code {@code hash} at {@code position}: never 0. */
    static long entry(int hash, int position) {
        return ((long) hash << 32) | (position + 1);
    }
}
