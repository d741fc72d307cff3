package org.strategylab.evaluation.report;

import java.util.Locale;

/**
 * Text helpers: escaping for the SVG charts that {@link SvgCharts} builds as strings (the template escapes the
 * rest, the same way) and locale-independent number formats.
 */
final class Html {
    private Html() {
    }

    /** Escapes text for element content and quoted attribute values. */
    static String esc(Object value) {
        if (value == null) {
            return "";
        }
        String s = value.toString();
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String rep = switch (c) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '"' -> "&quot;";
                case '\'' -> "&#39;";
                default -> null;
            };
            if (rep != null) {
                if (b == null) {
                    b = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                b.append(rep);
            } else if (b != null) {
                b.append(c);
            }
        }
        return b == null ? s : b.toString();
    }

    static String fmt(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }

    static String pct(double v) {
        return fmt("%.1f%%", 100 * v);
    }

    static String num(double v) {
        return Double.isFinite(v) ? fmt("%.4f", v) : "n/a";
    }

    static String sci(double v) {
        return fmt("%.2e", v);
    }
}
