package org.strategylab.evaluation.optimization;

import org.strategylab.evaluation.model.OptimizationSpec;
import org.strategylab.evaluation.model.ParameterTrial;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How much each parameter alone explains the score (the {@code sensitivity} of an optimisation):
 * the correlation ratio η² = SS<sub>between groups</sub> / SS<sub>total</sub> of the completed trials'
 * scores, grouped by the parameter's value — a categorical parameter by choice, a numeric or
 * integer one into {@value #BINS} equal-width bins of its range — then normalised to sum 1.
 * PathFinder reports Optuna's PED-ANOVA importances, which need Optuna; η² is the first-order
 * ANOVA share that PED-ANOVA approximates, and is reproducible with a few lines of NumPy (the
 * test fixture does so). All 0 with fewer than 2 distinct completed trials or a constant score.
 */
public final class ParameterImportance {
    static final int BINS = 4;

    private ParameterImportance() {
    }

    public static Map<String, Double> of(ParameterSpace space, List<ParameterTrial> trials) {
        List<ParameterTrial> done = new ArrayList<>();
        Set<Map<String, Object>> seen = new HashSet<>();
        for (ParameterTrial t : trials) {
            if (t.complete() && seen.add(t.parameters())) {
                done.add(t);
            }
        }
        Map<String, Double> raw = new LinkedHashMap<>();
        double mean = done.stream().mapToDouble(ParameterTrial::score).average().orElse(0);
        double total = done.stream().mapToDouble(t -> (t.score() - mean) * (t.score() - mean)).sum();
        double sum = 0;
        for (OptimizationSpec spec : space.specs()) {
            double eta = 0;
            if (done.size() >= 2 && total > 0) {
                Map<Object, double[]> groups = new HashMap<>();
                for (ParameterTrial t : done) {
                    double[] g = groups.computeIfAbsent(group(spec, t.parameters().get(spec.name())), k -> new double[2]);
                    g[0] += t.score();
                    g[1]++;
                }
                double between = 0;
                for (double[] g : groups.values()) {
                    double groupMean = g[0] / g[1];
                    between += g[1] * (groupMean - mean) * (groupMean - mean);
                }
                eta = between / total;
            }
            raw.put(spec.name(), eta);
            sum += eta;
        }
        Map<String, Double> out = new LinkedHashMap<>();
        for (Map.Entry<String, Double> e : raw.entrySet()) {
            out.put(e.getKey(), sum > 0 ? e.getValue() / sum : 0.0);
        }
        return out;
    }

    private static Object group(OptimizationSpec spec, Object value) {
        if (ParameterSpace.CATEGORICAL.equals(spec.type())) {
            return value;
        }
        double range = spec.max() - spec.min();
        double v = ((Number) value).doubleValue();
        return range <= 0 ? 0 : Math.min(BINS - 1, (int) Math.floor((v - spec.min()) / range * BINS));
    }
}
