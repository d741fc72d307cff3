package org.strategylab.evaluation.stepanalysis;

import java.util.Collection;
import java.util.Locale;

/**
 * Pairs of parameters that bound one range (evaluation-semantics §11 phase 4): suffix pairs
 * {@code _lower/_upper} and {@code _min/_max} (case-insensitive), else prefixes {@code min/max} and
 * {@code Min/Max}.
 */
public final class PairedBounds {
    private static final String[][] SUFFIXES = {{"_lower", "_upper"}, {"_min", "_max"}};
    private static final String[][] PREFIXES = {{"min", "max"}, {"Min", "Max"}};

    private PairedBounds() {
    }

    /** Whether the name denotes the lower end of a range. */
    public static boolean isLowerBound(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith("_lower") || lower.endsWith("_min") || lower.startsWith("min");
    }

    /** The partner parameter among {@code names}, or null. */
    public static String partnerOf(String name, Collection<String> names) {
        String lowerName = name.toLowerCase(Locale.ROOT);
        for (String[] pair : SUFFIXES) {
            for (int side = 0; side < 2; side++) {
                if (lowerName.endsWith(pair[side])) {
                    String stem = name.substring(0, name.length() - pair[side].length());
                    String wanted = (stem + pair[1 - side]).toLowerCase(Locale.ROOT);
                    for (String candidate : names) {
                        if (candidate.toLowerCase(Locale.ROOT).equals(wanted)) {
                            return candidate;
                        }
                    }
                }
            }
        }
        for (String[] pair : PREFIXES) {
            for (int side = 0; side < 2; side++) {
                if (name.startsWith(pair[side])) {
                    String candidate = pair[1 - side] + name.substring(pair[side].length());
                    if (names.contains(candidate)) {
                        return candidate;
                    }
                }
            }
        }
        return null;
    }
}
