package org.strategylab.upstream.service.catalog.ranking;

import java.util.List;
import java.util.Locale;

/**
 * Lexical matching as {@code searches?q=} always did it (mode {@code lexical}): every word of the
 * query must appear; a word equal to the name counts most, then a whole word of the label, a part
 * of the label, a part of the name, a part of the description.
 */
public final class LexicalScorer {

    private LexicalScorer() {
    }

    /** The query's words, lower case. */
    public static List<String> words(String query) {
        return List.of(query.toLowerCase(Locale.ROOT).trim().split("\\s+"));
    }

    /** The entry's score, 0 when a word is missing. */
    public static int score(String name, String label, String shortLabel, String description, List<String> words) {
        int total = 0;
        for (String word : words) {
            int best = 0;
            if (name != null && name.equalsIgnoreCase(word)) {
                best = 100;
            }
            if (wordIn(label, word) || wordIn(shortLabel, word)) {
                best = Math.max(best, 60);
            }
            if (contains(label, word) || contains(shortLabel, word)) {
                best = Math.max(best, 40);
            }
            if (contains(name, word)) {
                best = Math.max(best, 30);
            }
            if (contains(description, word)) {
                best = Math.max(best, 10);
            }
            if (best == 0) {
                return 0;
            }
            total += best;
        }
        return total;
    }

    private static boolean contains(String text, String word) {
        return text != null && text.toLowerCase(Locale.ROOT).contains(word);
    }

    private static boolean wordIn(String text, String word) {
        if (text == null) {
            return false;
        }
        for (String token : text.toLowerCase(Locale.ROOT).split("[^\\p{Alnum}]+")) {
            if (token.equals(word)) {
                return true;
            }
        }
        return false;
    }
}
