package org.strategylab.evaluation.optimization;

import org.strategylab.evaluation.model.ParameterTrial;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The recall / false-positive-rate trade-off of an optimisation's trials: the completed trials no
 * other trial beats, that is none has recall at least as high and FPR at least as low with one of
 * them strictly better. PathFinder keeps a dominated trial that ties on recall; this does not.
 * Repeated parameter sets count once (their first trial).
 */
public final class ParetoFrontier {
    private ParetoFrontier() {
    }

    /** The frontier, by recall descending, then FPR ascending, then trial number. */
    public static List<ParameterTrial> of(List<ParameterTrial> trials) {
        List<ParameterTrial> candidates = new ArrayList<>();
        Set<Map<String, Object>> seen = new HashSet<>();
        for (ParameterTrial t : trials) {
            if (t.complete() && t.recall() != null && t.falsePositiveRate() != null && seen.add(t.parameters())) {
                candidates.add(t);
            }
        }
        List<ParameterTrial> frontier = new ArrayList<>();
        for (ParameterTrial t : candidates) {
            boolean dominated = candidates.stream().anyMatch(u -> u.recall() >= t.recall()
                    && u.falsePositiveRate() <= t.falsePositiveRate()
                    && (u.recall() > t.recall() || u.falsePositiveRate() < t.falsePositiveRate()));
            if (!dominated) {
                frontier.add(t);
            }
        }
        frontier.sort(Comparator.comparing(ParameterTrial::recall).reversed()
                .thenComparing(ParameterTrial::falsePositiveRate).thenComparingInt(ParameterTrial::trialNumber));
        return frontier;
    }
}
