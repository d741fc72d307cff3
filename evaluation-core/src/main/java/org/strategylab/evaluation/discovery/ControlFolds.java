package org.strategylab.evaluation.discovery;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.stream.IntStream;
import org.strategylab.evaluation.cv.CrossValidator;
import org.strategylab.evaluation.stats.PythonRandom;

/**
 * The controls dealt into k folds, positives and negatives each on their own (stratified), so every
 * fold holds both classes where there are enough of each; the same seed deals the same folds.
 */
public final class ControlFolds {

    private final List<ControlSample> folds;
    private final ControlSample all;

    private ControlFolds(List<ControlSample> folds, ControlSample all) {
        this.folds = folds;
        this.all = all;
    }

    /**
     * Deals the controls.
     *
     * @param positives how many positive controls
     * @param negatives how many negative controls
     * @param k         the folds asked for (clamped as cross-validation clamps them)
     * @param seed      the shuffle's seed
     * @return the folds
     */
    public static ControlFolds deal(int positives, int negatives, int k, long seed) {
        int folds = CrossValidator.clampK(k, positives, negatives);
        List<BitSet> p = deal(positives, folds, new PythonRandom(seed));
        List<BitSet> n = deal(negatives, folds, new PythonRandom(seed + 1));
        List<ControlSample> samples = new ArrayList<>(folds);
        for (int f = 0; f < folds; f++) {
            samples.add(new ControlSample(p.get(f), n.get(f)));
        }
        return new ControlFolds(List.copyOf(samples), ControlSample.all(positives, negatives));
    }

    private static List<BitSet> deal(int size, int folds, PythonRandom random) {
        List<Integer> order = new ArrayList<>(IntStream.range(0, size).boxed().toList());
        random.shuffle(order);
        List<BitSet> dealt = new ArrayList<>(folds);
        for (int f = 0; f < folds; f++) {
            dealt.add(new BitSet(size));
        }
        for (int i = 0; i < order.size(); i++) {
            dealt.get(i % folds).set(order.get(i));
        }
        return dealt;
    }

    /** How many folds. */
    public int count() {
        return folds.size();
    }

    /** Fold {@code f}: the held-out controls of round {@code f}. */
    public ControlSample fold(int f) {
        return folds.get(f);
    }

    /** Every control but fold {@code f}'s: what round {@code f} chooses with. */
    public ControlSample allBut(int f) {
        BitSet p = (BitSet) all.positives().clone();
        p.andNot(folds.get(f).positives());
        BitSet n = (BitSet) all.negatives().clone();
        n.andNot(folds.get(f).negatives());
        return new ControlSample(p, n);
    }

    /** Every control. */
    public ControlSample all() {
        return all;
    }
}
