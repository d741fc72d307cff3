package org.strategylab.evaluation.stats;

import java.util.Arrays;

/**
 * A stable sort of indexes by a primitive key, without boxing: sorting 15,000 boxed indexes with a
 * comparator costs milliseconds, this costs a fraction of one.
 *
 * <p>How: each key is mapped to a {@code long} whose unsigned order is {@link Double#compare}'s
 * order; its high bits are packed above the element's index and {@link RadixSort} orders the
 * packed values (a merge sort with indirect key loads was a third of the 15,000-term enrichment).
 * Only the key's top {@value #KEY_BITS} bits are sorted on (sign, exponent and 24 bits of mantissa,
 * a relative 6e-8: three radix passes where all 50 bits above an index of 15,000 took five). Keys
 * that agree in those bits but differ below them, or are equal, are then put in order by
 * {@code Double.compare}, stably.
 */
public final class IndexSort {
    /** Tie runs up to this length are insertion-sorted; longer ones use a stable library sort. */
    private static final int INSERTION_SORT_MAX = 16;
    /** The key bits the radix passes sort on: three passes of 12 bits. */
    private static final int KEY_BITS = 36;

    private IndexSort() {
    }

    /** Indexes 0..n−1 ordered by ascending {@code keys[i]} as {@link Double#compare} orders them, ties in index order. */
    public static int[] ascending(double[] keys) {
        int n = keys.length;
        int[] order = new int[n];
        if (n <= INSERTION_SORT_MAX) { // too few for radix passes to pay off
            Arrays.setAll(order, i -> i);
            sortTies(keys, order, 0, n);
            return order;
        }
        int indexBits = 32 - Integer.numberOfLeadingZeros(n - 1);
        long indexMask = (1L << indexBits) - 1;
        int keyLow = 64 - Math.min(KEY_BITS, 64 - indexBits);
        long keyMask = -1L << keyLow;
        long[] packed = new long[n];
        for (int i = 0; i < n; i++) {
            packed[i] = (sortable(keys[i]) & keyMask) | i;
        }
        packed = RadixSort.byBits(packed, keyLow, 64);
        for (int r = 0; r < n; r++) {
            order[r] = (int) (packed[r] & indexMask);
        }
        int start = 0;
        for (int r = 1; r <= n; r++) {
            if (r == n || (packed[r] & keyMask) != (packed[start] & keyMask)) {
                if (r - start > 1) {
                    sortTies(keys, order, start, r);
                }
                start = r;
            }
        }
        return order;
    }

    /**
     * The bits of {@code x} arranged so that unsigned {@code long} order is {@link Double#compare}'s
     * order (−0.0 before 0.0, NaN last): flip every bit of a negative number, only the sign bit of
     * a positive one.
     */
    static long sortable(double x) {
        long bits = Double.doubleToLongBits(x); // one NaN, as Double.compare treats them
        return bits ^ ((bits >> 63) | Long.MIN_VALUE);
    }

    /** Orders {@code order[from, to)}, which arrives in ascending index order, by the full keys, stably. */
    private static void sortTies(double[] keys, int[] order, int from, int to) {
        int r = from + 1;
        while (r < to && Double.compare(keys[order[r - 1]], keys[order[r]]) <= 0) {
            r++;
        }
        if (r == to) {
            return; // already in order: most runs are equal keys (terms with the same counts)
        }
        if (to - from <= INSERTION_SORT_MAX) {
            for (; r < to; r++) { // order[from, r) is in order already
                int x = order[r];
                int q = r - 1;
                while (q >= from && Double.compare(keys[order[q]], keys[x]) > 0) {
                    order[q + 1] = order[q];
                    q--;
                }
                order[q + 1] = x;
            }
            return;
        }
        Integer[] run = new Integer[to - from];
        for (int q = from; q < to; q++) {
            run[q - from] = order[q];
        }
        Arrays.sort(run, (a, b) -> Double.compare(keys[a], keys[b])); // TimSort: stable
        for (int q = from; q < to; q++) {
            order[q] = run[q - from];
        }
    }
}
