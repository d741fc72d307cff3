package org.strategylab.evaluation.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Short bar labels that still tell the bars apart. Labels such as "Product descriptions containing
 * 'kinase'" and "Product descriptions containing 'protease'" share a long prefix, so cutting each at a
 * fixed width would give every bar the same text; the shared prefix (up to a word boundary) is dropped
 * first and replaced by an ellipsis, and only what still does not fit is cut at the end. The full label
 * stays in the chart as an SVG title.
 */
final class BarLabels {
    /** The most characters a bar label shows (the label column is 170 px wide at 11 px text). */
    static final int MAX_CHARS = 28;
    private static final String ELLIPSIS = "\u2026";

    private BarLabels() {
    }

    /** The label of each bar as shown, at most {@code maxChars} characters each. */
    static List<String> shortened(List<String> labels, int maxChars) {
        int prefix = sharedPrefix(labels);
        List<String> shown = new ArrayList<>(labels.size());
        for (String label : labels) {
            String text = label == null ? "" : label;
            if (text.length() > maxChars && prefix > 0) {
                text = ELLIPSIS + text.substring(prefix);
            }
            if (text.length() > maxChars) {
                text = text.substring(0, maxChars - 1) + ELLIPSIS;
            }
            shown.add(text);
        }
        return shown;
    }

    /** The length of the prefix every label shares, cut back to just after a space; 0 when there is none. */
    static int sharedPrefix(List<String> labels) {
        if (labels.size() < 2 || labels.stream().anyMatch(l -> l == null)) {
            return 0;
        }
        String first = labels.get(0);
        int common = first.length();
        for (String label : labels) {
            int i = 0;
            while (i < common && i < label.length() && label.charAt(i) == first.charAt(i)) {
                i++;
            }
            common = i;
        }
        int space = first.lastIndexOf(' ', common - 1);
        if (common == first.length()) {
            return 0; // a label that is all prefix would show nothing
        }
        return space < 0 ? 0 : space + 1;
    }
}
