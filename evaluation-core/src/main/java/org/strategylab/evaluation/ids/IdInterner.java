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
 * a dense array by number, and each slot of the open-addressing probe table is one {@code int}
 * holding the string's number + 1 and a tag from its hash code (see {@link #numberIn}). A probe
 * reads one table word and compares its tag; it loads a string only when the tags are equal.
 * (Probing the keys themselves made equals() load colliding strings scattered over the heap: the
 * control lookups were three quarters of the rank-metric time. Hash codes, keys and values in
 * separate arrays cost two or three cache lines per probe instead of one.) No map nodes, no boxed
 * integers. Once filled it is read-only and safe to share between threads.
 */
public final class IdInterner {
    /** What {@link #numberOf} returns for a string never interned. */
    public static final int ABSENT = -1;
    /** 2^32 / φ, the multiplier of Fibonacci hashing (see {@link #numberIn}). */
    private static final int GOLDEN = 0x9E3779B9;
    private int[] slots;
    /** The table length − 1; also the mask of a slot's number + 1 (see {@link #numberIn}). */
    private int mask;
    /** 32 − log2(table length): the start of a probe is the top log2(length) bits of the scrambled hash. */
    private int shift;
    /** log2(table length): how far a slot's tag is shifted (see {@link #numberIn}). */
    private int numberBits;
    private String[] strings;
    private int size;

    /** An interner sized for about {@code expected} distinct strings (it grows as needed). */
    public IdInterner(int expected) {
        allocateSlots(slotsFor(expected));
        strings = new String[Math.max(8, expected)];
    }

    private void allocateSlots(int capacity) {
        slots = new int[capacity];
        mask = capacity - 1;
        numberBits = Integer.numberOfTrailingZeros(capacity);
        shift = 32 - numberBits;
    }

    /** The number of {@code s}: its existing number, or the next one if it is new. */
    public int intern(String s) {
        int scrambled = s.hashCode() * GOLDEN;
        int tag = scrambled << numberBits;
        int i = scrambled >>> shift;
        int slot;
        while ((slot = slots[i]) != 0) {
            int number = numberIn(slot, tag, s);
            if (number != ABSENT) {
                return number;
            }
            i = (i + 1) & mask;
        }
        if (size == strings.length) {
            strings = Arrays.copyOf(strings, size * 2);
        }
        strings[size] = s;
        slots[i] = tag | (size + 1);
        int number = size++;
        if (size * 4L > slots.length * 3L) { // load above three quarters
            growSlots();
        }
        return number;
    }

    /** The number of {@code s}, or {@link #ABSENT} if it was never interned. */
    public int numberOf(String s) {
        int scrambled = s.hashCode() * GOLDEN;
        int tag = scrambled << numberBits;
        int i = scrambled >>> shift;
        int slot;
        while ((slot = slots[i]) != 0) {
            int number = numberIn(slot, tag, s);
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
     * The number held by an occupied slot if that number's string is {@code s} (whose scrambled
     * hash gives {@code tag}), else {@link #ABSENT}.
     *
     * <p>Why the hash is scrambled before use: gene IDs such as {@code PF3D7_0100100} and
     * {@code PF3D7_0100200} differ only in their last characters, so their hash codes are nearly
     * consecutive; the low bits would put them in adjacent slots and lengthen every linear probe.
     * Fibonacci hashing (multiply by 2^32 / φ, keep the high bits) spreads them over the table.
     *
     * <p>A slot is one {@code int}: the number + 1 in its low log2(length) bits (0 = empty; the
     * table is never more than three quarters full, so the number fits), and above them a tag, the
     * scrambled hash's low bits, which the start of the probe does not use. A probe reads one table
     * word and compares the tags; it loads a string only when they are equal, which for distinct IDs
     * happens about once in 2^(32 − log2 length) probes (once in half a million for 4,000
     * controls). Half the size of a slot holding the whole hash code: 32 kB instead of 64 kB to
     * allocate, zero and keep in cache for 4,000 controls.
     */
    private int numberIn(int slot, int tag, String s) {
        if ((slot & ~mask) != tag) {
            return ABSENT;
        }
        int number = (slot & mask) - 1;
        String t = strings[number];
        return t == s || t.equals(s) ? number : ABSENT;
    }

    /**
     * Doubles the probe table. The slots keep too few bits of the hash to place an entry in a larger
     * table, so each string's (cached) hash code is read again: rare, since callers size the table
     * for the strings they expect.
     */
    private void growSlots() {
        allocateSlots(slots.length * 2);
        for (int number = 0; number < size; number++) {
            int scrambled = strings[number].hashCode() * GOLDEN;
            int i = scrambled >>> shift;
            while (slots[i] != 0) {
                i = (i + 1) & mask;
            }
            slots[i] = (scrambled << numberBits) | (number + 1);
        }
    }
}
