package org.strategylab.evaluation.stats;

import java.util.Arrays;

/**
 * A least-significant-digit radix sort of {@code long} keys by a range of their bits, for the sorts
 * on hot paths (enrichment terms by p, overlap genes by ID). It is stable and needs a few linear
 * passes (digits of at most 12 bits, so 4,096 counters stay in cache) instead of a comparison sort's
 * n log n data-dependent branches. Callers pack a key's significant bits above an element's
 * position, sort, and read the positions back from the low bits.
 */
public final class RadixSort {
    private RadixSort() {
    }

    /**
     * Sorts {@code keys} by their bits {@code [low, high)} read as an unsigned number; keys equal in
     * those bits keep their relative order. Returns the sorted array: the argument or a new one.
     *
     * @param low  the lowest bit that counts (0–63)
     * @param high one past the highest bit that counts ({@code low} &lt; high ≤ 64)
     */
    public static long[] byBits(long[] keys, int low, int high) {
        int bits = high - low;
        int passes = Math.max(1, (bits + 11) / 12);
        int digitBits = (bits + passes - 1) / passes;
        int digitMask = (1 << digitBits) - 1;
        int[] starts = new int[1 << digitBits];
        long[] buffer = new long[keys.length];
        for (int shift = low; shift < high; shift += digitBits) {
            Arrays.fill(starts, 0);
            for (long key : keys) {
                starts[(int) (key >>> shift) & digitMask]++;
            }
            int sum = 0;
            for (int d = 0; d < starts.length; d++) { // counts → first output position of each digit
                int count = starts[d];
                starts[d] = sum;
                sum += count;
            }
            for (long key : keys) {
                buffer[starts[(int) (key >>> shift) & digitMask]++] = key;
            }
            long[] sorted = buffer;
            buffer = keys;
            keys = sorted;
        }
        return keys;
    }
}
