package org.strategylab.chat.graph;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The boolean operators of a combine step (spec §2.6), as WDK's boolean search names them. */
public enum CombineOperator {
    /** genes in both inputs */
    INTERSECT,
    /** genes in either input */
    UNION,
    /** genes of the left input that are not in the right one */
    MINUS,
    /** genes of the right input that are not in the left one */
    RMINUS,
    /** the left input only (ignores the right) */
    LONLY,
    /** the right input only (ignores the left) */
    RONLY;

    /** The operator with this name, in any case. */
    public static Optional<CombineOperator> parse(String name) {
        if (name == null) {
            return Optional.empty();
        }
        String wanted = name.trim().toUpperCase(Locale.ROOT);
        return Arrays.stream(values()).filter(o -> o.name().equals(wanted)).findFirst();
    }
}
