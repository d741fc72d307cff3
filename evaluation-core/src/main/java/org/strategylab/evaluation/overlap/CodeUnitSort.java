package org.strategylab.evaluation.overlap;

import org.strategylab.evaluation.stats.RadixSort;

import java.util.Arrays;

/**
 * Sorts strings into exactly the order of {@link String#compareTo} (UTF-16 code units, a prefix
 * before its extensions) and returns the permutation instead of the strings.
 *
 * <p>Why not {@code Arrays.sort(String[])}: gene IDs share long prefixes ({@code PF3D7_01…}), so
 * each comparison loads two strings from scattered heap locations and walks past the prefix;
 * sorting 6,000 IDs that way took 1.3 ms, half of a 4-experiment overlap. Instead:
 * <ol>
 *   <li>{@link #add} copies each string's code units into one contiguous buffer while the string
 *       is still in cache (the caller has just hashed it), so nothing later touches the heap;</li>
 *   <li>the prefix shared by all strings is skipped and the next units of each string are packed
 *       into the high bits of a {@code long}, its position in the low bits. A unit u is stored as
 *       u − (smallest unit) + 1 and "string ended" as 0, so packed keys compare like
 *       {@code compareTo} (a shorter string first), and IDs made of digits and a few letters need
 *       only 4–6 bits per unit: one key holds 8–12 units;</li>
 *   <li>a radix sort ({@link RadixSort}) orders the keys without touching a string;</li>
 *   <li>strings whose packed units tie (they agree beyond the packed window) are ordered by
 *       comparing their buffered units, stably.</li>
 * </ol>
 * The result is the permutation a stable sort with {@code compareTo} gives.
 */
final class CodeUnitSort {
    /** Tie runs up to this length are insertion-sorted; longer ones use a stable library sort. */
    private static final int INSERTION_SORT_MAX = 16;

    private char[] units;
    /** String i occupies {@code units[ends[i − 1], ends[i])} (from 0 for i = 0). */
    private int[] ends;
    private int size;

    /** A sorter sized for about {@code expectedStrings} strings of about 8 units (it grows as needed). */
    CodeUnitSort(int expectedStrings) {
        ends = new int[Math.max(8, expectedStrings)];
        units = new char[ends.length * 8];
    }

    /** The stable sorting permutation of {@code strings}: a convenience for a ready array. */
    static int[] permutation(String[] strings) {
        CodeUnitSort sort = new CodeUnitSort(strings.length);
        for (String s : strings) {
            sort.add(s);
        }
        return sort.permutation();
    }

    /** Appends a string; its position is the number of strings added before it. */
    void add(String s) {
        int start = start(size);
        int length = s.length();
        if (start + length > units.length) {
            units = Arrays.copyOf(units, Math.max(units.length * 2, start + length));
        }
        if (size == ends.length) {
            ends = Arrays.copyOf(ends, size * 2);
        }
        s.getChars(0, length, units, start);
        ends[size++] = start + length;
    }

    /**
     * The stable sorting permutation of the strings added: {@code order[0]} is the position of the
     * smallest by {@link String#compareTo}, equal strings in the order they were added.
     */
    int[] permutation() {
        int n = size;
        int[] order = new int[n];
        if (n <= INSERTION_SORT_MAX) { // too few for packing and radix passes to pay off
            Arrays.setAll(order, i -> i);
            sortTies(order, 0, n);
            return order;
        }
        Shape shape = shape();
        int indexBits = 32 - Integer.numberOfLeadingZeros(n - 1);
        int unitBits = 32 - Integer.numberOfLeadingZeros(shape.maxUnit() - shape.minUnit() + 1);
        // ≥ 1 unit (indexBits ≤ 31, unitBits ≤ 17), and no more than the longest suffix has
        int window = Math.max(1, Math.min((63 - indexBits) / unitBits, shape.longest() - shape.prefix()));
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = (packed(i, shape, window, unitBits) << indexBits) | i;
        }
        keys = RadixSort.byBits(keys, indexBits, indexBits + window * unitBits);
        long indexMask = (1L << indexBits) - 1;
        for (int r = 0; r < n; r++) {
            order[r] = (int) (keys[r] & indexMask);
        }
        // equal packed units: the strings agree on the window, so the remaining units decide
        int start = 0;
        for (int r = 1; r <= n; r++) {
            if (r == n || (keys[r] >>> indexBits) != (keys[start] >>> indexBits)) {
                if (r - start > 1) {
                    sortTies(order, start, r);
                }
                start = r;
            }
        }
        return order;
    }

    private int start(int i) {
        return i == 0 ? 0 : ends[i - 1];
    }

    /**
     * What packing needs: the length of the prefix all strings share, the longest length, and the
     * smallest and largest unit after the prefix (their range sets the bits per packed unit; both
     * are 0 when no string extends past the prefix).
     */
    private record Shape(int prefix, int longest, int minUnit, int maxUnit) {
    }

    private Shape shape() {
        int firstEnd = ends[0];
        int prefix = firstEnd;
        int longest = 0;
        for (int i = 0; i < size; i++) {
            int from = start(i);
            int length = ends[i] - from;
            longest = Math.max(longest, length);
            // units before the first difference from string 0, capped at the current prefix
            int same = Arrays.mismatch(units, from, from + Math.min(length, prefix), units, 0, prefix);
            if (same >= 0) {
                prefix = same;
            }
        }
        int min = Character.MAX_VALUE;
        int max = 0;
        for (int i = 0; i < size; i++) {
            for (int k = start(i) + prefix; k < ends[i]; k++) {
                min = Math.min(min, units[k]);
                max = Math.max(max, units[k]);
            }
        }
        return min > max ? new Shape(prefix, longest, 0, 0) : new Shape(prefix, longest, min, max);
    }

    /** Units {@code prefix … prefix + window − 1} of string i, each as unit − minUnit + 1 (0 past its end). */
    private long packed(int i, Shape shape, int window, int unitBits) {
        int from = start(i) + shape.prefix();
        int end = ends[i];
        long key = 0;
        for (int k = from; k < from + window; k++) {
            key = (key << unitBits) | (k < end ? units[k] - shape.minUnit() + 1 : 0);
        }
        return key;
    }

    /** compareTo of strings a and b on their buffered units (lexicographic, then length). */
    private int compare(int a, int b) {
        return Arrays.compare(units, start(a), ends[a], units, start(b), ends[b]);
    }

    /**
     * Orders {@code order[from, to)} by {@link #compare}. The slice arrives in ascending position
     * (the key's low bits), so a stable sort keeps equal strings in the order they were added.
     */
    private void sortTies(int[] order, int from, int to) {
        if (to - from <= INSERTION_SORT_MAX) {
            for (int r = from + 1; r < to; r++) {
                int x = order[r];
                int q = r - 1;
                while (q >= from && compare(order[q], x) > 0) {
                    order[q + 1] = order[q];
                    q--;
                }
                order[q + 1] = x;
            }
            return;
        }
        Integer[] run = new Integer[to - from];
        for (int r = from; r < to; r++) {
            run[r - from] = order[r];
        }
        Arrays.sort(run, this::compare); // TimSort: stable
        for (int r = from; r < to; r++) {
            order[r] = run[r - from];
        }
    }
}
