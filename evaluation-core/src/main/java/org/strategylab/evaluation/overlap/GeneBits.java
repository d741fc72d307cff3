package org.strategylab.evaluation.overlap;

import java.util.ArrayList;
import java.util.List;

/**
 * A set of genes as bits over their rank in the sorted union, kept in plain {@code long} words:
 * intersections and differences are one AND per 64 genes, sizes one bit count per word, and
 * listing walks the set bits of each word. ({@link java.util.BitSet#nextSetBit} per gene was a
 * sixth of the overlap time.) Listing in rank order gives sorted gene lists for free.
 */
final class GeneBits {
    private final long[] words;

    /** An empty set over {@code genes} ranks. */
    GeneBits(int genes) {
        this(new long[(genes + 63) >>> 6]);
    }

    private GeneBits(long[] words) {
        this.words = words;
    }

    void add(int rank) {
        words[rank >>> 6] |= 1L << rank;
    }

    /** The genes in both sets. */
    GeneBits and(GeneBits other) {
        long[] out = new long[words.length];
        for (int w = 0; w < out.length; w++) {
            out[w] = words[w] & other.words[w];
        }
        return new GeneBits(out);
    }

    /** The genes in this set and not in {@code other}. */
    GeneBits andNot(GeneBits other) {
        long[] out = new long[words.length];
        for (int w = 0; w < out.length; w++) {
            out[w] = words[w] & ~other.words[w];
        }
        return new GeneBits(out);
    }

    /** The number of genes in the set. */
    int size() {
        int n = 0;
        for (long w : words) {
            n += Long.bitCount(w);
        }
        return n;
    }

    /** The ranks in the set, ascending. */
    int[] ranks() {
        int[] out = new int[size()];
        int n = 0;
        for (int w = 0; w < words.length; w++) {
            for (long bits = words[w]; bits != 0; bits &= bits - 1) { // clear the lowest set bit each turn
                out[n++] = (w << 6) + Long.numberOfTrailingZeros(bits);
            }
        }
        return out;
    }

    /** The genes in the set, in rank (= sorted) order. */
    List<String> names(String[] sorted) {
        List<String> out = new ArrayList<>(size());
        for (int w = 0; w < words.length; w++) {
            for (long bits = words[w]; bits != 0; bits &= bits - 1) {
                out.add(sorted[(w << 6) + Long.numberOfTrailingZeros(bits)]);
            }
        }
        return out;
    }
}
