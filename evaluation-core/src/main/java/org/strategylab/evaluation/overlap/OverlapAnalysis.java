package org.strategylab.evaluation.overlap;

import org.strategylab.evaluation.InputLimits;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.IdInterner;
import org.strategylab.evaluation.ids.IdNormaliser;
import org.strategylab.evaluation.model.ExperimentOverlap;
import org.strategylab.evaluation.model.GeneMembership;
import org.strategylab.evaluation.model.OverlapResult;
import org.strategylab.evaluation.model.PairwiseOverlap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gene-set overlap across experiments (spec 2.6; evaluation-semantics §9). An experiment's set is
 * TP ∪ FP (spec-pinned), IDs normalised (trimmed, de-duplicated). Pairs in request order (i &lt; j);
 * gene lists in {@link String#compareTo} order (code-point order for BMP IDs); Jaccard of two empty
 * sets is 0.0 (PathFinder's value, documented).
 *
 * <p>How it stays fast (4 × 3,000 genes well under a millisecond): every gene is hashed once and
 * numbered ({@link IdInterner}); the union is sorted once ({@link CodeUnitSort}); each experiment
 * becomes a bit set over the sorted order ({@link GeneBits}), so intersections are word operations
 * and every output list comes out sorted without sorting it again. Genes found by the same
 * experiments share one immutable {@code experiments} list.
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
        InputLimits.requireAtMost("experiments", experiments, InputLimits.MAX_EXPERIMENTS);
        int e = experiments.size();
        List<String> ids = new ArrayList<>(e);
        Map<String, String> labels = new LinkedHashMap<>();
        int inputs = 0;
        for (ExperimentGenes x : experiments) {
            inputs += size(x.truePositiveGenes()) + size(x.falsePositiveGenes());
        }
        // every gene is hashed once, here; everything after works on its first-seen number
        IdInterner geneNumbers = new IdInterner(inputs);
        CodeUnitSort sort = new CodeUnitSort(inputs); // takes each new gene while it is in cache
        int[][] members = new int[e][]; // per experiment: gene numbers, then −1 padding for blanks
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
            int[] numbers = new int[size(x.truePositiveGenes()) + size(x.falsePositiveGenes())];
            int n = intern(x.truePositiveGenes(), geneNumbers, sort, numbers, 0);
            n = intern(x.falsePositiveGenes(), geneNumbers, sort, numbers, n);
            Arrays.fill(numbers, n, numbers.length, -1);
            members[i] = numbers;
        }
        // sort the union once; rank[first-seen number] = position in compareTo order
        String[] firstSeen = geneNumbers.toArray();
        int[] order = sort.permutation();
        String[] sorted = new String[order.length];
        int[] rank = new int[order.length];
        for (int r = 0; r < order.length; r++) {
            sorted[r] = firstSeen[order[r]];
            rank[order[r]] = r;
        }
        GeneBits[] sets = new GeneBits[e];
        for (int i = 0; i < e; i++) {
            sets[i] = new GeneBits(sorted.length);
            for (int k : members[i]) {
                if (k >= 0) {
                    sets[i].add(rank[k]);
                }
            }
        }
        Memberships memberships = Memberships.of(sets, ids, sorted.length);
        // genes found by at least two experiments; an experiment's shared genes are its intersection with them
        GeneBits multiple = new GeneBits(sorted.length);
        List<GeneMembership> membership = new ArrayList<>(sorted.length);
        List<String> universal = new ArrayList<>();
        for (int r = 0; r < sorted.length; r++) {
            List<String> in = memberships.experimentsOf(r);
            membership.add(new GeneMembership(sorted[r], in.size(), e, in));
            if (in.size() > 1) {
                multiple.add(r);
            }
            if (in.size() == e) {
                universal.add(sorted[r]);
            }
        }
        List<PairwiseOverlap> pairwise = new ArrayList<>(e * (e - 1) / 2);
        for (int i = 0; i < e; i++) {
            for (int j = i + 1; j < e; j++) {
                pairwise.add(pair(ids.get(i), ids.get(j), labels, sets[i], sets[j], sorted));
            }
        }
        List<ExperimentOverlap> per = new ArrayList<>(e);
        for (int i = 0; i < e; i++) {
            int total = sets[i].size();
            int shared = sets[i].and(multiple).size();
            per.add(new ExperimentOverlap(ids.get(i), labels.get(ids.get(i)), total, total - shared, shared));
        }
        return new OverlapResult(ids, labels, pairwise, per, universal, sorted.length, membership);
    }

    /**
     * For every gene (by sorted rank) the ids of the experiments that found it, in
     * {@link String#compareTo} order. Genes fall into few combinations (at most 2^e − 1: 15 for four
     * experiments), so each combination gets one immutable list that all its genes share instead of
     * a list per gene.
     */
    private record Memberships(int[] combinationOf, List<List<String>> combinations) {
        List<String> experimentsOf(int rank) {
            return combinations.get(combinationOf[rank]);
        }

        /**
         * Numbers the combinations by adding the experiments one at a time in id order: a gene in
         * experiment i moves from its combination c to "c plus i", numbered on first sight.
         */
        static Memberships of(GeneBits[] sets, List<String> ids, int genes) {
            Integer[] byId = new Integer[sets.length];
            for (int i = 0; i < sets.length; i++) {
                byId[i] = i;
            }
            Arrays.sort(byId, (a, b) -> ids.get(a).compareTo(ids.get(b)));
            int[] combinationOf = new int[genes]; // 0: no experiment added so far
            List<List<String>> combinations = new ArrayList<>();
            combinations.add(List.of());
            for (int i : byId) {
                int[] extended = new int[combinations.size()]; // c plus experiment i, or 0 if not seen yet
                for (int r : sets[i].ranks()) {
                    int c = combinationOf[r];
                    if (extended[c] == 0) {
                        extended[c] = combinations.size();
                        combinations.add(appended(combinations.get(c), ids.get(i)));
                    }
                    combinationOf[r] = extended[c];
                }
            }
            return new Memberships(combinationOf, combinations);
        }

        private static List<String> appended(List<String> list, String id) {
            String[] out = list.toArray(new String[list.size() + 1]);
            out[list.size()] = id;
            return List.of(out);
        }
    }

    /**
     * Appends the numbers of the trimmed, non-blank IDs of {@code list} at {@code n} and hands genes
     * seen for the first time to the sort; returns the new end.
     */
    private static int intern(List<String> list, IdInterner geneNumbers, CodeUnitSort sort, int[] numbers, int n) {
        if (list != null) {
            for (String raw : list) {
                String g = IdNormaliser.trim(raw);
                if (g != null) {
                    int next = geneNumbers.size();
                    int number = geneNumbers.intern(g);
                    if (number == next) {
                        sort.add(g);
                    }
                    numbers[n++] = number;
                }
            }
        }
        return n;
    }

    private static int size(List<String> list) {
        return list == null ? 0 : list.size();
    }

    private static PairwiseOverlap pair(String a, String b, Map<String, String> labels, GeneBits sa, GeneBits sb,
                                        String[] sorted) {
        GeneBits both = sa.and(sb);
        GeneBits onlyB = sb.andNot(sa);
        int intersection = both.size();
        int sizeA = sa.size();
        int union = sizeA + onlyB.size();
        double jaccard = union == 0 ? 0.0 : (double) intersection / union;
        return new PairwiseOverlap(a, b, labels.get(a), labels.get(b), sizeA, sb.size(), intersection, union, jaccard,
                both.names(sorted), sa.andNot(sb).names(sorted), onlyB.names(sorted));
    }
}
