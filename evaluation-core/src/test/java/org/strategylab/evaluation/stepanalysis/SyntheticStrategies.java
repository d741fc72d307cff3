package org.strategylab.evaluation.stepanalysis;

import org.strategylab.evaluation.model.StepTreeNode;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * An in-memory stand-in for upstream evaluation: each leaf search returns a gene set computed from
 * its parameters, combines apply set operations, transforms apply a filter. Counts every evaluation.
 */
public final class SyntheticStrategies implements TreeEvaluator {
    private final Map<String, Function<Map<String, String>, Set<String>>> searches;
    private final List<String> positives;
    private final List<String> negatives;
    public int evaluations;

    public SyntheticStrategies(Map<String, Function<Map<String, String>, Set<String>>> searches,
                               List<String> positives, List<String> negatives) {
        this.searches = searches;
        this.positives = positives;
        this.negatives = negatives;
    }

    public Set<String> resultOf(StepTreeNode n) {
        if (n.isLeaf()) {
            return searches.get(n.searchName()).apply(n.parameters());
        }
        if (n.isTransform()) {
            Set<String> in = resultOf(n.primaryInput());
            Set<String> keep = searches.get(n.searchName()).apply(n.parameters());
            in.retainAll(keep);
            return in;
        }
        Set<String> a = resultOf(n.primaryInput());
        Set<String> b = resultOf(n.secondaryInput());
        Set<String> out = new LinkedHashSet<>(a);
        switch (n.operator()) {
            case "INTERSECT" -> out.retainAll(b);
            case "UNION" -> out.addAll(b);
            case "MINUS" -> out.removeAll(b);
            case "RMINUS" -> {
                out = new LinkedHashSet<>(b);
                out.removeAll(a);
            }
            default -> throw new IllegalArgumentException(n.operator());
        }
        return out;
    }

    @Override
    public TreeEvaluation evaluate(StepTreeNode tree) {
        evaluations++;
        Set<String> r = resultOf(tree);
        List<String> tp = hits(r, positives);
        List<String> fp = hits(r, negatives);
        List<String> ordered = new ArrayList<>(r);
        ordered.sort(null); // gene names sort by strength in these fixtures
        return new TreeEvaluation(r.size(), tp.size(), positives.size(), fp.size(), negatives.size(), tp, fp, ordered);
    }

    private static List<String> hits(Collection<String> r, List<String> controls) {
        return controls.stream().filter(r::contains).toList();
    }

    /** Genes "g000".."g{n-1}" with score = index; a threshold keeps genes with index ≥ threshold. */
    public static Set<String> range(int from, int to) {
        Set<String> s = new LinkedHashSet<>();
        for (int i = from; i < to; i++) {
            s.add(String.format("g%03d", i));
        }
        return s;
    }
}
