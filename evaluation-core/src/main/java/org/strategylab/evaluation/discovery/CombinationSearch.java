package org.strategylab.evaluation.discovery;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A beam search over boolean combinations of candidate steps, scored on some of the controls: every
 * single step first, then each of the best {@code beamWidth} combinations joined with one more step
 * by each operator, up to {@code maxSteps} steps. A join that changes nothing among the sample's
 * controls is not kept (it would add a step for no measurable reason), and combinations that differ
 * only in the order of a commutative join are scored once.
 */
final class CombinationSearch {

    /** A combination with its score on the sample it was searched on. */
    record Scored(Combination combination, ControlHits hits, double score) {
    }

    /** Best first; on a tie fewer steps, then a stable order. */
    static final Comparator<Scored> BEST_FIRST = Comparator.comparingDouble(Scored::score).reversed()
            .thenComparingInt(s -> s.combination().size())
            .thenComparing(s -> s.combination().canonical());

    private CombinationSearch() {
    }

    /**
     * Every combination the search scored, best first.
     *
     * @param candidates the candidate steps
     * @param sample     the controls it scores on
     * @param objective  what it maximises
     * @param maxSteps   the most steps a combination may have
     * @param beamWidth  how many combinations of each size it extends
     * @return the scored combinations
     */
    static List<Scored> run(List<CandidateStep> candidates, ControlSample sample, DiscoveryObjective objective,
                            int maxSteps, int beamWidth) {
        Set<String> seen = new HashSet<>();
        List<Scored> level = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            Combination leaf = new Combination.Leaf(i);
            seen.add(leaf.canonical());
            ControlHits hits = leaf.hits(candidates);
            level.add(new Scored(leaf, hits, objective.score(sample.confusion(hits))));
        }
        List<Scored> all = new ArrayList<>(level);
        for (int size = 2; size <= maxSteps && !level.isEmpty(); size++) {
            List<Scored> beam = level.stream().sorted(BEST_FIRST).limit(beamWidth).toList();
            List<Scored> next = new ArrayList<>();
            for (Scored base : beam) {
                Set<Integer> used = base.combination().steps();
                for (int step = 0; step < candidates.size(); step++) {
                    if (used.contains(step)) {
                        continue;
                    }
                    ControlHits stepHits = candidates.get(step).hits();
                    for (BooleanOperator operator : BooleanOperator.values()) {
                        Combination joined = new Combination.Join(operator, base.combination(), new Combination.Leaf(step));
                        if (!seen.add(joined.canonical())) {
                            continue;
                        }
                        ControlHits hits = base.hits().combine(operator, stepHits);
                        if (sample.confusion(hits).equals(sample.confusion(base.hits()))) {
                            continue;
                        }
                        next.add(new Scored(joined, hits, objective.score(sample.confusion(hits))));
                    }
                }
            }
            all.addAll(next);
            level = next;
        }
        all.sort(BEST_FIRST);
        return all;
    }
}
