package org.strategylab.evaluation.cv;

import org.strategylab.evaluation.InputLimits;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.ids.FirstSightings;
import org.strategylab.evaluation.ids.IdInterner;
import org.strategylab.evaluation.ids.IdNormaliser;
import org.strategylab.evaluation.metrics.ClassificationMetrics;
import org.strategylab.evaluation.metrics.GeneIdClassifier;
import org.strategylab.evaluation.model.ExperimentMetrics;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/** Gene-ID mode evaluation (rule 4.5.1): one fixed result list against any control subset. */
public final class GeneIdEvaluator implements Evaluator {
    private final List<String> resultIds;

    public GeneIdEvaluator(List<String> resultIds) {
        this.resultIds = List.copyOf(resultIds);
    }

    @Override
    public ExperimentMetrics evaluate(List<String> positives, List<String> negatives) {
        return GeneIdClassifier.metrics(resultIds, ControlSets.of(positives, negatives));
    }

    /**
     * The metrics of every fold at once, equal to {@link #evaluate} of each fold's lists, or null
     * when the caller must evaluate fold by fold: when an ID is both a positive and a negative
     * control, or a list is over its limit (then the per-fold calls fail exactly where they always did).
     *
     * <p>Why: evaluating fold by fold indexed each fold's controls and re-scanned the whole result
     * k times. Here all controls are indexed once with their fold, and each distinct result ID is
     * classified once. In fold i an ID u is a control if u is a control of fold i, or if u is no
     * control of fold i and its version-stripped form is; so u is a control in at most two folds
     * (its own and its stripped form's) and a distinct non-control key in every other fold.
     *
     * @param positiveFolds the normalised positives dealt into folds (disjoint, distinct)
     * @param negativeFolds the normalised negatives dealt into the same number of folds
     */
    List<ExperimentMetrics> foldMetrics(List<List<String>> positiveFolds, List<List<String>> negativeFolds) {
        InternedFolds folds = InternedFolds.of(positiveFolds, negativeFolds);
        return folds == null ? null : foldMetrics(folds);
    }

    /**
     * As {@link #foldMetrics(List, List)} for folds whose controls are numbered already, or null when a
     * list is over its limit.
     */
    List<ExperimentMetrics> foldMetrics(InternedFolds interned) {
        List<List<String>> positiveFolds = interned.positiveFolds;
        List<List<String>> negativeFolds = interned.negativeFolds;
        int folds = interned.folds();
        if (resultIds.size() > InputLimits.MAX_IDS) {
            return null;
        }
        for (int i = 0; i < folds; i++) {
            if (positiveFolds.get(i).size() > InputLimits.MAX_IDS || negativeFolds.get(i).size() > InputLimits.MAX_IDS) {
                return null;
            }
        }
        IdInterner controls = interned.controls;
        int positiveCount = interned.positiveCount;
        int controlCount = interned.controlCount;
        int[] foldOf = interned.foldOf;
        int shortest = interned.shortest;
        BitSet hit = new BitSet(controlCount);
        BitSet seenAsItself = new BitSet(controlCount);
        FirstSightings others = new FirstSightings(resultIds);
        int distinct = 0;
        int[] controlIn = new int[folds]; // distinct result IDs that are a control in fold i
        int position = -1;
        for (String raw : resultIds) {
            position++;
            String id = IdNormaliser.trim(raw);
            if (id == null) {
                continue;
            }
            int self = controls.numberOf(id);
            if (self != IdInterner.ABSENT ? !seenAsItself.get(self) : others.isFirst(id, position)) {
                int stripped = IdInterner.ABSENT;
                if (id.length() > shortest && id.lastIndexOf('.') > 0) {
                    stripped = controls.numberOf(IdNormaliser.versionStripped(id));
                }
                distinct++;
                if (self != IdInterner.ABSENT) {
                    seenAsItself.set(self);
                    hit.set(self);
                    controlIn[foldOf[self]]++;
                }
                if (stripped != IdInterner.ABSENT && (self == IdInterner.ABSENT || foldOf[stripped] != foldOf[self])) {
                    hit.set(stripped);
                    controlIn[foldOf[stripped]]++;
                }
            }
        }
        int[] positiveHits = new int[folds];
        int[] negativeHits = new int[folds];
        for (int c = hit.nextSetBit(0); c >= 0; c = hit.nextSetBit(c + 1)) {
            (c < positiveCount ? positiveHits : negativeHits)[foldOf[c]]++;
        }
        List<ExperimentMetrics> metrics = new ArrayList<>(folds);
        for (int i = 0; i < folds; i++) {
            int keys = positiveHits[i] + negativeHits[i] + distinct - controlIn[i];
            metrics.add(ClassificationMetrics.fromCounts(positiveHits[i], positiveFolds.get(i).size(), negativeHits[i],
                    negativeFolds.get(i).size(), keys));
        }
        return metrics;
    }
}
