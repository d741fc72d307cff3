package org.strategylab.evaluation.optimization;

import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.model.StepTreeNode;
import org.strategylab.evaluation.stepanalysis.ParameterText;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Threshold-sweep values (rule 4.5.6; DECISIONS 17): numeric sweeps give {@code steps} evenly
 * spaced points from min to max as clean decimal strings ({@code 0.3}, {@code 0.00001},
 * {@code 10}; 12 significant digits, plain notation, no trailing zeros); categorical sweeps give the
 * listed values. Bad input is a {@link ValidationException} naming the field.
 */
public final class SweepValues {
    public static final int DEFAULT_STEPS = 10;
    public static final int MIN_STEPS = 3;
    public static final int MAX_STEPS = 50;

    private SweepValues() {
    }

    /** The values to send upstream, in sweep order. */
    public static List<String> generate(String sweepType, List<String> values, Double min, Double max, Integer steps) {
        if ("categorical".equals(sweepType)) {
            if (values == null || values.isEmpty()) {
                throw new ValidationException("values", "a categorical sweep needs at least one value");
            }
            for (String v : values) {
                if (v == null) {
                    throw new ValidationException("values", "must not contain null");
                }
            }
            return List.copyOf(values);
        }
        if (!"numeric".equals(sweepType)) {
            throw new ValidationException("sweepType", "must be 'numeric' or 'categorical'");
        }
        if (min == null || !Double.isFinite(min)) {
            throw new ValidationException("minValue", "a numeric sweep needs a finite minimum");
        }
        if (max == null || !Double.isFinite(max)) {
            throw new ValidationException("maxValue", "a numeric sweep needs a finite maximum");
        }
        if (min > max) {
            throw new ValidationException("maxValue", "must be ≥ minValue");
        }
        int n = steps == null ? DEFAULT_STEPS : steps;
        if (n < MIN_STEPS || n > MAX_STEPS) {
            throw new ValidationException("steps", "must be between " + MIN_STEPS + " and " + MAX_STEPS);
        }
        double step = (max - min) / Math.max(n - 1, 1);
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(decimal(min + i * step));
        }
        return out;
    }

    /** A double as a clean decimal string: 12 significant digits, plain notation, no trailing zeros. */
    public static String decimal(double v) {
        return ParameterText.decimal(v);
    }

    /** A value for an integer parameter: rounded half-even, no decimal point. */
    public static String integer(double v) {
        return ParameterText.integer(v);
    }

    /**
     * Checks the swept parameter exists (rule 4.5.6): in {@code parameters} for a single-step
     * experiment, in some leaf's parameters for a tree.
     */
    public static void requireParameter(String parameterName, Map<String, String> parameters, StepTreeNode tree) {
        if (parameterName == null || parameterName.isBlank()) {
            throw new ValidationException("parameterName", "is required");
        }
        boolean found = tree != null ? hasParameter(tree, parameterName)
                : parameters != null && parameters.containsKey(parameterName);
        if (!found) {
            throw new ValidationException("parameterName", "'" + parameterName + "' is not a parameter of this "
                    + (tree != null ? "strategy's steps" : "search"));
        }
    }

    private static boolean hasParameter(StepTreeNode n, String name) {
        if (n == null) {
            return false;
        }
        return (n.isLeaf() && n.parameters().containsKey(name)) || hasParameter(n.primaryInput(), name)
                || hasParameter(n.secondaryInput(), name);
    }
}
