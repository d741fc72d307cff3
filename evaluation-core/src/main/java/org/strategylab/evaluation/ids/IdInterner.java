package org.strategylab.evaluation.ids;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Numbers distinct strings 0, 1, 2, … in first-seen order: the control index ({@link ControlSets})
 * and overlap's gene numbering run on it, so that later work (bit sets, counts, sorting) uses ints
 * instead of re-hashing strings. (De-duplicating a list's other IDs needs no numbers: see
 * {@link FirstSightings}.)
 *
 * <p>Layout, because a lookup is bound by cache misses rather than arithmetic: the strings sit in
 * a dense array by number, and each slot of the open-addressing probe table is one {@code long}
 * holding the string's hash code (high half) and its number + 1 (low half; 0 = empty). A probe
 * reads one table word and compares two ints; it loads a string only when the hash codes are equal.
 * (Probing the keys themselves made equals() load colliding strings scattered over the heap: the
 * control lookups were three quarters of the rank-metric time. Hash codes, keys and values in
 * separate arrays cost two or three cache lines per probe instead of one.) No map nodes, no boxed
 * integers. Once filled it is read-only and safe to share between threads.
 */
public final class IdInterner {
    /** What {@link #numberOf} returns for a string never interned. */
    public static final int ABSENT = -1;
    /** 2^32 / φ, the multiplier of Fibonacci hashing (see {@link #start}). */
    private static final int GOLDEN = 0x9E3779B9;
    private long[] slots;
    private int mask;
    private int shift;
    private String[] strings;
    private int size;

    /** An interner sized for about {@code expected} distinct strings (it grows as needed). */
    public IdInterner(int expected) {
        allocateSlots(slotsFor(expected));
        strings = new String[Math.max(8, expected)];
    }

    private void allocateSlots(int capacity) {
        slots = new long[capacity];
        mask = capacity - 1;
        shift = Integer.numberOfLeadingZeros(capacity) + 1; // 32 − log2(capacity)
    }

    /** The number of {@code s}: its existing number, or the next one if it is new. */
    public int intern(String s) {
        int h = s.hashCode();
        int i = start(h);
        long slot;
        while ((slot = slots[i]) != 0) {
            int number = numberIn(slot, h, s);
            if (number != ABSENT) {
                return number;
            }
            i = (i + 1) & mask;
        }
        if (size == strings.length) {
            strings = Arrays.copyOf(strings, size * 2);
        }
        strings[size] = s;
        slots[i] = ((long) h << 32) | (size + 1);
        int number = size++;
        if (size * 4L > slots.length * 3L) { // load above three quarters
            growSlots();
        }
        return number;
    }

    /** The number of {@code s}, or {@link #ABSENT} if it was never interned. */
    public int numberOf(String s) {
        int h = s.hashCode();
        int i = start(h);
        long slot;
        while ((slot = slots[i]) != 0) {
            int number = numberIn(slot, h, s);
            if (number != ABSENT) {
                return number;
            }
            i = (i + 1) & mask;
        }
        return ABSENT;
    }

    /** The number of distinct strings interned. */
    public int size() {
        return size;
    }

    /** The distinct strings, indexed by their number (a new array). */
    public String[] toArray() {
        return Arrays.copyOf(strings, size);
    }

    /**
     * The strings numbered {@code from} to {@code to − 1} ({@code to} ≤ {@link #size}), as an
     * unmodifiable view, not a copy: a number's string never changes, and growing the table keeps
     * the old array's strings where they are. (The lists of a control set; copying them was a tenth of
     * what building one allocated.)
     */
    public List<String> list(int from, int to) {
        if (from < 0 || to > size || from > to) {
            throw new IndexOutOfBoundsException("[" + from + ", " + to + ") of " + size);
        }
        return Collections.unmodifiableList(Arrays.asList(strings).subList(from, to));
    }

    /**
     * A power-of-two table length that keeps {@code expected} entries at a load of at most three
     * quarters: probes compare stored hash codes, so a longer probe costs little, while a smaller
     * table stays in cache.
     */
    static int slotsFor(int expected) {
        return Integer.highestOneBit(Math.max(8, (int) Math.min(1 << 29, expected * 4L / 3))) << 1;
    }

    /**
     * The first slot to probe for a hash. Gene IDs such as {@code PF3D7_0100100} and
     * {@code PF3D7_0100200} differ only in their last characters, so their hash codes are nearly
     * consecutive; the low bits would put them in adjacent slots and lengthen every linear probe.
     * Fibonacci hashing (multiply, keep the high bits) spreads them over the table.
     */
    private int start(int hash) {
        return (hash * GOLDEN) >>> shift;
    }

    /** The number held by an occupied slot if that number's string is {@code s}, else {@link #ABSENT}. */
    private int numberIn(long slot, int hash, String s) {
        if ((int) (slot >>> 32) != hash) {
            return ABSENT;
        }
        int number = (int) slot - 1;
        String t = strings[number];
        return t == s || t.equals(s) ? number : ABSENT;
    }

    /** Doubles the probe table; the stored hash codes place every entry without loading its string. */
    private void growSlots() {
        long[] old = slots;
        allocateSlots(old.length * 2);
        for (long slot : old) {
            if (slot != 0) {
                int i = start((int) (slot >>> 32));
                while (slots[i] != 0) {
                    i = (i + 1) & mask;
                }
                slots[i] = slot;
            }
        }
    }
}
