package org.strategylab.evaluation.optimization;

import org.hipparchus.random.Well19937c;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.model.OptimizationSpec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The space a parameter optimisation searches (spec §2.4 {@code OptimizationSpec}), checked once:
 * {@code numeric} needs finite {@code min ≤ max} (optional {@code step} &gt; 0), {@code integer} whole
 * {@code min ≤ max} (optional whole {@code step} ≥ 1), {@code categorical} distinct, non-blank
 * {@code choices}. Unlike PathFinder a declared bound of 0 stays 0 and a missing bound is an error,
 * not a silent default.
 *
 * <p>Points are coordinates in the unit cube, one per parameter; {@link #values} maps a point to
 * parameter values, snapped to the parameter's step (numbers as clean decimals, so equal settings
 * compare equal and reach the site as written).
 */
public final class ParameterSpace {
    static final String NUMERIC = "numeric";
    static final String INTEGER = "integer";
    static final String CATEGORICAL = "categorical";
    /** Levels of a numeric parameter without a step in a grid search. */
    static final int GRID_LEVELS = 10;
    /** The largest grid enumerated (a budget is at most a few hundred trials). */
    static final long MAX_GRID = 100_000;

    private final List<OptimizationSpec> specs;

    private ParameterSpace(List<OptimizationSpec> specs) {
        this.specs = specs;
    }

    /** Checks the specs, naming the offending field as {@code specs[i].field}. */
    public static ParameterSpace of(List<OptimizationSpec> specs) {
        if (specs == null || specs.isEmpty()) {
            throw new ValidationException("specs", "give at least one parameter to optimise");
        }
        List<OptimizationSpec> normalised = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < specs.size(); i++) {
            OptimizationSpec s = specs.get(i);
            String at = "specs[" + i + "]";
            if (s == null || s.name() == null || s.name().isBlank()) {
                throw new ValidationException(at + ".name", "is required");
            }
            if (!names.add(s.name())) {
                throw new ValidationException(at + ".name", "'" + s.name() + "' is given twice");
            }
            String type = s.type() == null ? null : s.type().trim().toLowerCase(Locale.ROOT);
            if (!NUMERIC.equals(type) && !INTEGER.equals(type) && !CATEGORICAL.equals(type)) {
                throw new ValidationException(at + ".type", "must be numeric, integer or categorical");
            }
            if (CATEGORICAL.equals(type)) {
                if (s.choices() == null || s.choices().isEmpty()) {
                    throw new ValidationException(at + ".choices", "a categorical parameter needs its choices");
                }
                if (s.choices().stream().anyMatch(c -> c == null || c.isBlank())
                        || new HashSet<>(s.choices()).size() != s.choices().size()) {
                    throw new ValidationException(at + ".choices", "must be distinct and non-blank");
                }
            } else {
                if (s.min() == null || !Double.isFinite(s.min())) {
                    throw new ValidationException(at + ".min", "a " + type + " parameter needs a finite min");
                }
                if (s.max() == null || !Double.isFinite(s.max()) || s.max() < s.min()) {
                    throw new ValidationException(at + ".max", "must be finite and ≥ min");
                }
                if (s.step() != null && !(s.step() > 0 && Double.isFinite(s.step()))) {
                    throw new ValidationException(at + ".step", "must be > 0");
                }
                if (INTEGER.equals(type) && (!whole(s.min()) || !whole(s.max())
                        || (s.step() != null && !whole(s.step())))) {
                    throw new ValidationException(at + ".min", "an integer parameter needs whole min, max and step");
                }
            }
            normalised.add(new OptimizationSpec(s.name(), type, s.min(), s.max(), s.step(),
                    s.choices() == null ? null : List.copyOf(s.choices())));
        }
        return new ParameterSpace(List.copyOf(normalised));
    }

    private static boolean whole(double v) {
        return v == Math.rint(v);
    }

    public List<OptimizationSpec> specs() {
        return specs;
    }

    public int dimensions() {
        return specs.size();
    }

    /** The parameter values at a point of the unit cube. */
    public Map<String, Object> values(double[] point) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < specs.size(); i++) {
            OptimizationSpec s = specs.get(i);
            double x = Math.min(1, Math.max(0, point[i]));
            if (CATEGORICAL.equals(s.type())) {
                out.put(s.name(), s.choices().get(Math.min(s.choices().size() - 1, (int) (x * s.choices().size()))));
                continue;
            }
            double v = s.min() + x * (s.max() - s.min());
            double step = INTEGER.equals(s.type()) && s.step() == null ? 1.0 : s.step() == null ? 0 : s.step();
            if (step > 0) {
                v = Math.min(s.max(), s.min() + Math.rint((v - s.min()) / step) * step);
            }
            out.put(s.name(), INTEGER.equals(s.type()) ? (Object) Long.valueOf(Math.round(v))
                    : Double.valueOf(Double.parseDouble(SweepValues.decimal(v))));
        }
        return out;
    }

    /** A value as the site receives it: integers without a decimal point, clean decimals. */
    public static String wire(Object value) {
        if (value instanceof Long l) {
            return Long.toString(l);
        }
        if (value instanceof Double d) {
            return SweepValues.decimal(d);
        }
        return String.valueOf(value);
    }

    /**
     * The point of the given current values (the search as configured), parameters without a
     * usable current value at the middle of their range.
     */
    public double[] pointOf(Map<String, String> current) {
        double[] p = new double[specs.size()];
        for (int i = 0; i < specs.size(); i++) {
            OptimizationSpec s = specs.get(i);
            String v = current == null ? null : current.get(s.name());
            if (CATEGORICAL.equals(s.type())) {
                int idx = v == null ? -1 : s.choices().indexOf(v.trim());
                p[i] = ((idx < 0 ? s.choices().size() / 2 : idx) + 0.5) / s.choices().size();
                continue;
            }
            double x;
            try {
                x = v == null ? Double.NaN : Double.parseDouble(v.trim());
            } catch (NumberFormatException e) {
                x = Double.NaN;
            }
            p[i] = !Double.isFinite(x) || s.max() <= s.min() ? 0.5
                    : Math.min(1, Math.max(0, (x - s.min()) / (s.max() - s.min())));
        }
        return p;
    }

    /**
     * Every point of the full grid (categorical choices × integer steps × numeric levels), in a
     * seeded random order so that a budget smaller than the grid still spreads over it.
     */
    public List<double[]> grid(long seed) {
        return grid(seed, false);
    }

    /**
     * The grid, with {@code exact}: every setting of a discrete space (integers without a step at
     * each whole number) rather than the grid method's levels.
     */
    public List<double[]> grid(long seed, boolean exact) {
        List<double[]> axes = new ArrayList<>();
        long size = 1;
        for (OptimizationSpec s : specs) {
            axes.add(exact ? exactLevels(s) : levels(s));
            size *= axes.get(axes.size() - 1).length;
            if (size > MAX_GRID) {
                throw new ValidationException("method", "the grid has more than " + MAX_GRID
                        + " points; give larger steps or use the adaptive or random method");
            }
        }
        List<double[]> points = new ArrayList<>();
        int[] index = new int[specs.size()];
        while (true) {
            double[] p = new double[specs.size()];
            for (int i = 0; i < p.length; i++) {
                p[i] = axes.get(i)[index[i]];
            }
            points.add(p);
            int d = 0;
            while (d < index.length && ++index[d] == axes.get(d).length) {
                index[d++] = 0;
            }
            if (d == index.length) {
                break;
            }
        }
        Well19937c random = new Well19937c(seed);
        for (int i = points.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            double[] t = points.get(i);
            points.set(i, points.get(j));
            points.set(j, t);
        }
        return points;
    }

    /**
     * How many distinct settings the space has when every parameter is discrete (choices, integers,
     * or numbers with a step); empty when one is continuous.
     */
    public java.util.OptionalLong size() {
        long size = 1;
        for (OptimizationSpec s : specs) {
            if (NUMERIC.equals(s.type()) && s.step() == null) {
                return java.util.OptionalLong.empty();
            }
            size = Math.multiplyExact(size, exactLevels(s).length);
            if (size > MAX_GRID) {
                return java.util.OptionalLong.of(size);
            }
        }
        return java.util.OptionalLong.of(size);
    }

    private static double[] exactLevels(OptimizationSpec s) {
        if (INTEGER.equals(s.type()) && s.step() == null && s.max() > s.min()) {
            int n = (int) Math.min(MAX_GRID + 1, Math.round(s.max() - s.min()) + 1);
            double[] out = new double[n];
            for (int i = 0; i < n; i++) {
                out[i] = Math.min(1, i / (s.max() - s.min()));
            }
            return out;
        }
        return levels(s);
    }

    /** The grid levels of one parameter as unit-cube coordinates. */
    private static double[] levels(OptimizationSpec s) {
        if (CATEGORICAL.equals(s.type())) {
            int n = s.choices().size();
            double[] out = new double[n];
            for (int i = 0; i < n; i++) {
                out[i] = (i + 0.5) / n;
            }
            return out;
        }
        double range = s.max() - s.min();
        if (range == 0) {
            return new double[]{0};
        }
        double step = s.step() != null ? s.step()
                : INTEGER.equals(s.type()) ? Math.max(1, Math.floor(range / GRID_LEVELS)) : range / (GRID_LEVELS - 1);
        int n = Math.min(1_000, (int) Math.floor(range / step + 1e-9) + 1);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = Math.min(1, i * step / range);
        }
        return out;
    }
}
