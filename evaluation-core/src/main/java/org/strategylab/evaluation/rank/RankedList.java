package org.strategylab.evaluation.rank;

import org.strategylab.evaluation.InputLimits;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.ids.FirstSightings;
import org.strategylab.evaluation.ids.IdNormaliser;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * An ordered ID list prepared against the controls: IDs trimmed and keyed by the one normaliser,
 * duplicate keys dropped (first occurrence keeps its rank), and the rank of every positive control
 * found. Rank metrics and every bootstrap replicate read this instead of re-hashing the list.
 */
public final class RankedList {
    private final ControlSets controls;
    private final int size;
    private final int[] positiveRanks;
    private final int[] positiveIndexes;
    private final BitSet positivesFound;
    private final BitSet negativesFound;

    private RankedList(ControlSets controls, int size, int[] positiveRanks, int[] positiveIndexes,
                       BitSet positivesFound, BitSet negativesFound) {
        this.controls = controls;
        this.size = size;
        this.positiveRanks = positiveRanks;
        this.positiveIndexes = positiveIndexes;
        this.positivesFound = positivesFound;
        this.negativesFound = negativesFound;
    }

    /** Prepares {@code orderedIds} (best first) against the controls. */
    public static RankedList of(List<String> orderedIds, ControlSets controls) {
        InputLimits.requireIds("orderedIds", orderedIds);
        int cap = orderedIds == null ? 0 : orderedIds.size();
        int[] ranks = new int[Math.min(cap, controls.positives().size())];
        int[] indexes = new int[ranks.length];
        int found = 0;
        BitSet pos = new BitSet(controls.positives().size());
        BitSet neg = new BitSet(controls.negatives().size());
        int rank = 0;
        if (orderedIds != null) {
            FirstSightings others = new FirstSightings(orderedIds);
            int position = -1;
            for (String raw : orderedIds) {
                position++;
                String id = IdNormaliser.trim(raw);
                if (id == null) {
                    continue;
                }
                int code = controls.controlCode(id);
                if (code == ControlSets.NOT_A_CONTROL) {
                    if (!others.isFirst(id, position)) {
                        continue;
                    }
                } else if (code >= 0) {
                    if (pos.get(code)) {
                        continue;
                    }
                    pos.set(code);
                    ranks[found] = rank;
                    indexes[found] = code;
                    found++;
                } else {
                    if (neg.get(-code - 1)) {
                        continue;
                    }
                    neg.set(-code - 1);
                }
                rank++;
            }
        }
        return new RankedList(controls, rank, Arrays.copyOf(ranks, found), Arrays.copyOf(indexes, found), pos, neg);
    }

    /** The controls this list was prepared against. */
    public ControlSets controls() {
        return controls;
    }

    /** The number of distinct keys in the list (n). */
    public int size() {
        return size;
    }

    /** Ranks (0-based, ascending) of the positive controls found in the list. */
    int[] positiveRanks() {
        return positiveRanks;
    }

    /** For each entry of {@link #positiveRanks()}, the index of that positive control. */
    int[] positiveIndexes() {
        return positiveIndexes;
    }

    /** The indexes of the positive controls found, best rank first (a copy). */
    public int[] positiveIndexesInRankOrder() {
        return positiveIndexes.clone();
    }

    /** The number of distinct positive controls in the list. */
    public int positivesInList() {
        return positiveRanks.length;
    }

    /** Which positive controls (by index) the list contains. */
    public BitSet positivesFound() {
        return (BitSet) positivesFound.clone();
    }

    /** Which negative controls (by index) the list contains. */
    public BitSet negativesFound() {
        return (BitSet) negativesFound.clone();
    }

    /** The number of distinct positive controls among the first {@code k} entries. */
    public int hitsAt(int k) {
        int lo = 0;
        int hi = positiveRanks.length;
        while (lo < hi) { // first index whose rank ≥ k
            int mid = (lo + hi) >>> 1;
            if (positiveRanks[mid] < k) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
