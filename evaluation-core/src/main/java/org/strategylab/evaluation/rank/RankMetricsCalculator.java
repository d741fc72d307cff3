package org.strategylab.evaluation.rank;

import org.strategylab.evaluation.InputLimits;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.model.PrPoint;
import org.strategylab.evaluation.model.RankMetrics;
import org.strategylab.evaluation.model.RecallPoint;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Rank metrics of an ordered list (spec 4.5.11; evaluation-semantics §4), with PathFinder's
 * wire-visible conventions: the base rate of Enrichment@K is |P|/n (all positives, found or not),
 * P@K for K &gt; n divides by n, and the curves are sampled every max(1, n/50) ranks plus the last.
 * Negatives play no part.
 */
public final class RankMetricsCalculator {
    /** The spec's default K values. */
    public static final List<Integer> DEFAULT_K = List.of(10, 25, 50, 100);

    private RankMetricsCalculator() {
    }

    /** Rank metrics of {@code orderedIds} for the given K values (null or empty: the defaults). */
    public static RankMetrics compute(List<String> orderedIds, ControlSets controls, Collection<Integer> kValues) {
        return compute(RankedList.of(orderedIds, controls), kValues);
    }

    /** Rank metrics of a prepared list. */
    public static RankMetrics compute(RankedList list, Collection<Integer> kValues) {
        List<Integer> ks = normaliseK(kValues);
        int n = list.size();
        int p = list.controls().positives().size();
        if (n == 0 || p == 0) {
            return new RankMetrics(Map.of(), Map.of(), Map.of(), List.of(), List.of(), n, 0.0, list.positivesInList());
        }
        double base = (double) p / n;
        Map<Integer, Double> precision = new LinkedHashMap<>();
        Map<Integer, Double> recall = new LinkedHashMap<>();
        Map<Integer, Double> enrichment = new LinkedHashMap<>();
        for (int k : ks) {
            int kk = Math.min(k, n);
            int hits = list.hitsAt(kk);
            double pk = (double) hits / kk;
            precision.put(k, pk);
            recall.put(k, (double) hits / p);
            enrichment.put(k, pk / base);
        }
        int[] ranks = list.positiveRanks();
        int step = Math.max(1, n / 50);
        List<PrPoint> pr = new ArrayList<>(n / step + 1);
        List<RecallPoint> sizeRecall = new ArrayList<>(n / step + 1);
        int j = 0;
        for (int k = step; ; k += step) {
            if (k > n) {
                k = n;
            }
            while (j < ranks.length && ranks[j] < k) {
                j++;
            }
            double r = (double) j / p;
            pr.add(new PrPoint((double) j / k, r));
            sizeRecall.add(new RecallPoint(k, r));
            if (k == n) {
                break;
            }
        }
        return new RankMetrics(precision, recall, enrichment, pr, sizeRecall, n, averagePrecision(ranks),
                ranks.length);
    }

    /**
     * Average precision as scikit-learn defines it over the list (positives outside the list do not
     * count): the mean over found positives of the precision at their rank; 0 when none is found.
     */
    static double averagePrecision(int[] ranks) {
        if (ranks.length == 0) {
            return 0.0;
        }
        double sum = 0;
        for (int j = 0; j < ranks.length; j++) {
            sum += (double) (j + 1) / (ranks[j] + 1);
        }
        return sum / ranks.length;
    }

    /** Sorted distinct K values; the defaults when none are given. */
    public static List<Integer> normaliseK(Collection<Integer> kValues) {
        InputLimits.requireAtMost("kValues", kValues, InputLimits.MAX_K_VALUES);
        if (kValues == null || kValues.isEmpty()) {
            return DEFAULT_K;
        }
        TreeSet<Integer> sorted = new TreeSet<>();
        for (Integer k : kValues) {
            if (k == null || k < 1) {
                throw new ValidationException("kValues", "every K must be a positive integer, got " + k);
            }
            sorted.add(k);
        }
        return List.copyOf(sorted);
    }
}
