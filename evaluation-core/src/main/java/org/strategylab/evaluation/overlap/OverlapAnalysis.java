package org.strategylab.evaluation.overlap;

import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.IdNormaliser;
import org.strategylab.evaluation.model.ExperimentOverlap;
import org.strategylab.evaluation.model.GeneMembership;
import org.strategylab.evaluation.model.OverlapResult;
import org.strategylab.evaluation.model.PairwiseOverlap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gene-set overlap across experiments (spec 2.6; evaluation-semantics §9). An experiment's set is
 * TP ∪ FP (spec-pinned), IDs normalised (trimmed, de-duplicated). Pairs in request order (i &lt; j);
 * gene lists sorted by code point; Jaccard of two empty sets is 0.0 (PathFinder's value, documented).
 *
 * <p>The union of all genes is sorted once and each experiment becomes a bit set over that order,
 * so every output list comes out sorted without sorting it again.
 */
public final class OverlapAnalysis {
    private OverlapAnalysis() {
    }

    /**
     * Computes the overlap.
     *
     * @throws ValidationException for a missing or repeated experiment id
     */
    public static OverlapResult analyse(List<ExperimentGenes> experiments) {
        int e = experiments.size();
        List<String> ids = new ArrayList<>(e);
        Map<String, String> labels = new LinkedHashMap<>();
        Map<String, Integer> geneIndex = new HashMap<>();
        List<String> genes = new ArrayList<>();
        List<int[]> members = new ArrayList<>(e); // per experiment: indexes into genes (first-seen numbering)
        for (int i = 0; i < e; i++) {
            ExperimentGenes x = experiments.get(i);
            if (x.id() == null || x.id().isBlank()) {
                throw new ValidationException("experiments[" + i + "].id", "is required");
            }
            if (labels.containsKey(x.id())) {
                throw new ValidationException("experiments[" + i + "].id", "repeats '" + x.id() + "'");
            }
            ids.add(x.id());
            labels.put(x.id(), x.label() == null || x.label().isBlank() ? x.id() : x.label());
            // trimmed, blanks dropped; duplicates collapse in the bit set below
            int[] idx = new int[size(x.truePositiveGenes()) + size(x.falsePositiveGenes())];
            int n = 0;
            for (List<String> list : Arrays.asList(x.truePositiveGenes(), x.falsePositiveGenes())) {
                if (list == null) {
                    continue;
                }
                for (String raw : list) {
                    String g = IdNormaliser.trim(raw);
                    if (g == null) {
                        continue;
                    }
                    Integer k = geneIndex.putIfAbsent(g, genes.size());
                    if (k == null) {
                        k = genes.size();
                        genes.add(g);
                    }
                    idx[n++] = k;
                }
            }
            members.add(Arrays.copyOf(idx, n));
        }
        // sort the union once; rank[first-seen index] = position in code-point order
        String[] sorted = genes.toArray(new String[0]);
        Arrays.sort(sorted);
        int[] rank = new int[sorted.length];
        for (int r = 0; r < sorted.length; r++) {
            rank[geneIndex.get(sorted[r])] = r;
        }
        BitSet[] sets = new BitSet[e];
        for (int i = 0; i < e; i++) {
            sets[i] = new BitSet(sorted.length);
            for (int k : members.get(i)) {
                sets[i].set(rank[k]);
            }
        }
        int[] count = new int[sorted.length];
        for (BitSet s : sets) {
            for (int r = s.nextSetBit(0); r >= 0; r = s.nextSetBit(r + 1)) {
                count[r]++;
            }
        }
        List<PairwiseOverlap> pairwise = new ArrayList<>();
        for (int i = 0; i < e; i++) {
            for (int j = i + 1; j < e; j++) {
                pairwise.add(pair(ids.get(i), ids.get(j), labels, sets[i], sets[j], sorted));
            }
        }
        List<ExperimentOverlap> per = new ArrayList<>(e);
        for (int i = 0; i < e; i++) {
            int shared = 0;
            for (int r = sets[i].nextSetBit(0); r >= 0; r = sets[i].nextSetBit(r + 1)) {
                if (count[r] > 1) {
                    shared++;
                }
            }
            int total = sets[i].cardinality();
            per.add(new ExperimentOverlap(ids.get(i), labels.get(ids.get(i)), total, total - shared, shared));
        }
        // experiment ids of a gene, sorted by code point
        Integer[] byId = new Integer[e];
        for (int i = 0; i < e; i++) {
            byId[i] = i;
        }
        Arrays.sort(byId, (a, b) -> ids.get(a).compareTo(ids.get(b)));
        List<GeneMembership> membership = new ArrayList<>(sorted.length);
        List<String> universal = new ArrayList<>();
        for (int r = 0; r < sorted.length; r++) {
            List<String> in = new ArrayList<>(count[r]);
            for (Integer i : byId) {
                if (sets[i].get(r)) {
                    in.add(ids.get(i));
                }
            }
            membership.add(new GeneMembership(sorted[r], count[r], e, in));
            if (count[r] == e) {
                universal.add(sorted[r]);
            }
        }
        return new OverlapResult(ids, labels, pairwise, per, universal, sorted.length, membership);
    }

    private static int size(List<String> list) {
        return list == null ? 0 : list.size();
    }

    private static PairwiseOverlap pair(String a, String b, Map<String, String> labels, BitSet sa, BitSet sb,
                                        String[] sorted) {
        BitSet both = (BitSet) sa.clone();
        both.and(sb);
        BitSet onlyA = (BitSet) sa.clone();
        onlyA.andNot(sb);
        BitSet onlyB = (BitSet) sb.clone();
        onlyB.andNot(sa);
        int intersection = both.cardinality();
        int union = sa.cardinality() + onlyB.cardinality();
        double jaccard = union == 0 ? 0.0 : (double) intersection / union;
        return new PairwiseOverlap(a, b, labels.get(a), labels.get(b), sa.cardinality(), sb.cardinality(), intersection,
                union, jaccard, names(both, sorted), names(onlyA, sorted), names(onlyB, sorted));
    }

    private static List<String> names(BitSet s, String[] sorted) {
        List<String> out = new ArrayList<>(s.cardinality());
        for (int r = s.nextSetBit(0); r >= 0; r = s.nextSetBit(r + 1)) {
            out.add(sorted[r]);
        }
        return out;
    }
}
