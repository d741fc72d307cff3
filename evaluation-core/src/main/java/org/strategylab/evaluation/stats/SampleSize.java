package org.strategylab.evaluation.stats;

import org.strategylab.evaluation.model.SampleWarning;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * When a result rests on too few controls to be read at face value.
 *
 * <p>A class of controls (positive or negative) with fewer than {@link #DEFAULT_MIN_CONTROLS_PER_CLASS}
 * members makes every ratio move in steps of at least 10 %, so one control more or less changes the
 * picture; results computed from such controls carry a {@code LOW_SAMPLE} warning.
 */
public final class SampleSize {
    /** The default number of controls per class below which a result is flagged (10). */
    public static final int DEFAULT_MIN_CONTROLS_PER_CLASS = 10;
    /** The warning code. */
    public static final String LOW_SAMPLE = "LOW_SAMPLE";

    private SampleSize() {
    }

    /** True when a present class has fewer than {@code minPerClass} controls (an absent class has its own null-metric reason). */
    public static boolean isLow(int positives, int negatives, int minPerClass) {
        return (positives > 0 && positives < minPerClass) || (negatives > 0 && negatives < minPerClass);
    }

    /** The {@code LOW_SAMPLE} warning for these counts, or none. */
    public static List<SampleWarning> warnings(int positives, int negatives, int minPerClass) {
        List<SampleWarning> out = new ArrayList<>();
        if (isLow(positives, negatives, minPerClass)) {
            out.add(new SampleWarning(LOW_SAMPLE, String.format(Locale.ROOT,
                    "Only %d positive and %d negative controls (fewer than %d in a class): one control more or "
                            + "less moves these figures by %.0f%% or more; read them as indicative.",
                    positives, negatives, minPerClass, 100.0 / Math.max(1, smallestPresent(positives, negatives)))));
        }
        return out;
    }

    private static int smallestPresent(int positives, int negatives) {
        if (positives > 0 && negatives > 0) {
            return Math.min(positives, negatives);
        }
        return Math.max(positives, negatives);
    }
}
