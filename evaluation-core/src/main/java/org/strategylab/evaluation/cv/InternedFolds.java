package org.strategylab.evaluation.cv;

import org.strategylab.evaluation.ids.IdInterner;
import org.strategylab.evaluation.ids.IdNormaliser;
import org.strategylab.evaluation.stats.PythonRandom;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The controls of a gene-ID cross-validation numbered once, with each control's fold.
 *
 * <p>Why: cleaning each list, shuffling string lists and then indexing the dealt folds again
 * hashed every control ID three times. Here each raw ID is trimmed and interned once: interning
 * in list order numbers the distinct IDs exactly as {@link IdNormaliser#clean} orders them
 * (positives 0 … P−1, then negatives P … P+N−1), the shuffle permutes those numbers with the same
 * draws as shuffling the cleaned list, and dealing is an index modulo k.
 */
final class InternedFolds {
    /** Every control: positive i has number i, negative j has number {@link #positiveCount} + j. */
    final IdInterner controls;
    final int positiveCount;
    final int controlCount;
    /** The fold of each control number. */
    final int[] foldOf;
    final List<List<String>> positiveFolds;
    final List<List<String>> negativeFolds;
    /** The length of the shortest control (an ID no longer than this cannot match by its stripped form). */
    final int shortest;

    private InternedFolds(IdInterner controls, int positiveCount, int[] foldOf, List<List<String>> positiveFolds,
                          List<List<String>> negativeFolds, int shortest) {
        this.controls = controls;
        this.positiveCount = positiveCount;
        this.controlCount = controls.size();
        this.foldOf = foldOf;
        this.positiveFolds = positiveFolds;
        this.negativeFolds = negativeFolds;
        this.shortest = shortest;
    }

    /**
     * The cleaned lists shuffled and dealt as {@link CrossValidator#run} deals them, or null when an ID
     * is both a positive and a negative control (the fold-by-fold path then decides, as it always did).
     *
     * @param k the requested fold count; clamped with {@link CrossValidator#clampK}
     */
    static InternedFolds deal(Collection<String> positives, Collection<String> negatives, int k, long seed) {
        int rawCount = (positives == null ? 0 : positives.size()) + (negatives == null ? 0 : negatives.size());
        IdInterner controls = new IdInterner(rawCount);
        int shortest = Integer.MAX_VALUE;
        if (positives != null) {
            for (String raw : positives) {
                String id = IdNormaliser.trim(raw);
                if (id != null) {
                    controls.intern(id);
                    shortest = Math.min(shortest, id.length());
                }
            }
        }
        int p = controls.size();
        if (negatives != null) {
            for (String raw : negatives) {
                String id = IdNormaliser.trim(raw);
                if (id != null) {
                    if (controls.intern(id) < p) {
                        return null;
                    }
                    shortest = Math.min(shortest, id.length());
                }
            }
        }
        int n = controls.size() - p;
        int folds = CrossValidator.clampK(k, p, n);
        String[] ids = controls.toArray();
        int[] foldOf = new int[p + n];
        int[][] orders = PythonRandom.shufflePermutations(seed, p, n); // each list by its own generator of the seed
        List<List<String>> positiveFolds = dealNumbers(ids, 0, orders[0], folds, foldOf);
        List<List<String>> negativeFolds = dealNumbers(ids, p, orders[1], folds, foldOf);
        return new InternedFolds(controls, p, foldOf, positiveFolds, negativeFolds, shortest);
    }

    /**
     * Folds given as lists (disjoint, distinct, already normalised), numbered positives first; null
     * when an ID is in two of them.
     */
    static InternedFolds of(List<List<String>> positiveFolds, List<List<String>> negativeFolds) {
        int count = 0;
        for (List<List<String>> lists : List.of(positiveFolds, negativeFolds)) {
            for (List<String> fold : lists) {
                count += fold.size();
            }
        }
        IdInterner controls = new IdInterner(count);
        int[] foldOf = new int[count];
        int shortest = Integer.MAX_VALUE;
        int positiveCount = 0;
        for (List<List<String>> lists : List.of(positiveFolds, negativeFolds)) {
            for (int i = 0; i < lists.size(); i++) {
                for (String id : lists.get(i)) {
                    int before = controls.size();
                    if (controls.intern(id) != before) {
                        return null;
                    }
                    foldOf[before] = i;
                    shortest = Math.min(shortest, id.length());
                }
            }
            if (lists == positiveFolds) {
                positiveCount = controls.size();
            }
        }
        return new InternedFolds(controls, positiveCount, foldOf, positiveFolds, negativeFolds, shortest);
    }

    int folds() {
        return positiveFolds.size();
    }

    /**
     * Deals the numbers {@code first + order[0], first + order[1], …} (a shuffled list) round-robin into
     * {@code folds} lists of IDs and records each one's fold.
     */
    private static List<List<String>> dealNumbers(String[] ids, int first, int[] order, int folds, int[] foldOf) {
        int count = order.length;
        List<List<String>> dealt = new ArrayList<>(folds);
        for (int f = 0; f < folds; f++) {
            String[] fold = new String[(count - f + folds - 1) / folds];
            for (int i = f, at = 0; i < count; i += folds, at++) {
                int number = first + order[i];
                fold[at] = ids[number];
                foldOf[number] = f;
            }
            dealt.add(List.of(fold));
        }
        return dealt;
    }
}
