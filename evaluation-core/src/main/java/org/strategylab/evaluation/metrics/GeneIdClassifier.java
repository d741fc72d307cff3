package org.strategylab.evaluation.metrics;

import org.strategylab.evaluation.InputLimits;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.ids.FirstSightings;
import org.strategylab.evaluation.ids.IdNormaliser;
import org.strategylab.evaluation.model.ExperimentMetrics;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.List;

/**
 * Gene-ID mode (rule 4.5.1): classification by set intersection of a result list with the
 * controls, through the one ID normaliser. Each result ID is trimmed and mapped to a key (itself
 * if it is a control, else its version-stripped form if that is a control, else itself); hits
 * are counted per control, never per record, and {@code totalResults} is the number of distinct keys.
 */
public final class GeneIdClassifier {
    private GeneIdClassifier() {
    }

    /** Metrics only; the fast path. */
    public static ExperimentMetrics metrics(Collection<String> resultIds, ControlSets controls) {
        InputLimits.requireIds("resultIds", resultIds);
        Match m = match(resultIds, controls);
        return ClassificationMetrics.fromCounts(m.positiveHits.cardinality(), controls.positives().size(),
                m.negativeHits.cardinality(), controls.negatives().size(), m.distinctResults);
    }

    /** Metrics and the four full gene lists in control order. */
    public static GeneIdEvaluation evaluate(Collection<String> resultIds, ControlSets controls) {
        InputLimits.requireIds("resultIds", resultIds);
        Match m = match(resultIds, controls);
        List<String> tp = new ArrayList<>();
        List<String> fn = new ArrayList<>();
        List<String> positives = controls.positives();
        for (int i = 0; i < positives.size(); i++) {
            (m.positiveHits.get(i) ? tp : fn).add(positives.get(i));
        }
        List<String> fp = new ArrayList<>();
        List<String> tn = new ArrayList<>();
        List<String> negatives = controls.negatives();
        for (int j = 0; j < negatives.size(); j++) {
            (m.negativeHits.get(j) ? fp : tn).add(negatives.get(j));
        }
        ExperimentMetrics metrics = ClassificationMetrics.fromCounts(tp.size(), positives.size(), fp.size(),
                negatives.size(), m.distinctResults);
        return new GeneIdEvaluation(metrics, tp, fn, fp, tn);
    }

    private record Match(BitSet positiveHits, BitSet negativeHits, int distinctResults) {
    }

    private static Match match(Collection<String> resultIds, ControlSets controls) {
        BitSet pos = new BitSet(controls.positives().size());
        BitSet neg = new BitSet(controls.negatives().size());
        int controlKeys = 0;
        int otherKeys = 0;
        if (resultIds != null) {
            List<String> ids = resultIds instanceof List<String> list ? list : new ArrayList<>(resultIds);
            FirstSightings others = new FirstSightings(ids);
            int position = -1;
            for (String raw : ids) {
                position++;
                String id = IdNormaliser.trim(raw);
                if (id == null) {
                    continue;
                }
                int code = controls.controlCode(id);
                if (code == ControlSets.NOT_A_CONTROL) {
                    if (others.isFirst(id, position)) {
                        otherKeys++;
                    }
                } else if (code >= 0) {
                    if (!pos.get(code)) {
                        pos.set(code);
                        controlKeys++;
                    }
                } else {
                    int j = -code - 1;
                    if (!neg.get(j)) {
                        neg.set(j);
                        controlKeys++;
                    }
                }
            }
        }
        return new Match(pos, neg, controlKeys + otherKeys);
    }
}
