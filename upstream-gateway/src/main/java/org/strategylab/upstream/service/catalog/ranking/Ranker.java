package org.strategylab.upstream.service.catalog.ranking;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.strategylab.upstream.api.MatchReason;

/**
 * Orders the entries of a {@link TextIndex} for a query by meaning, or by meaning and words together.
 * Hybrid ranking is a weighted sum: {@code w × similarity + (1 − w) × bm25 / best bm25}, both parts
 * between 0 and 1, so a clearly closer meaning wins and words break near ties. Entries whose words do
 * not match and whose similarity is below the floor are left out.
 */
public final class Ranker {

    private Ranker() {
    }

    /**
     * One ranked entry.
     *
     * @param index its index in the {@link TextIndex}
     * @param score the ranking score (similarity in semantic mode, the fused score in hybrid mode)
     */
    public record Ranked(int index, double score, MatchReason reason) {
    }

    /** Entries by cosine similarity, those at or above {@code minSimilarity} only. */
    public static List<Ranked> semantic(TextIndex index, float[] queryVector, double minSimilarity) {
        double[] similarities = index.similarities(queryVector);
        List<Ranked> ranked = new ArrayList<>();
        for (int d = 0; d < index.size(); d++) {
            if (similarities[d] >= minSimilarity) {
                ranked.add(new Ranked(d, similarities[d], new MatchReason("semantic", null, round(similarities[d]), null, null)));
            }
        }
        ranked.sort(Comparator.comparingDouble(Ranked::score).reversed().thenComparingInt(Ranked::index));
        return ranked;
    }

    /** Entries by the weighted sum of similarity and normalised BM25. */
    public static List<Ranked> hybrid(TextIndex index, String query, float[] queryVector, double minSimilarity,
                                      double semanticWeight) {
        double[] similarities = index.similarities(queryVector);
        double[] bm25 = index.bm25(query);
        int[] semanticRank = ranks(similarities, null);
        int[] lexicalRank = ranks(bm25, bm25);
        double best = 0;
        for (double b : bm25) {
            best = Math.max(best, b);
        }
        List<Ranked> ranked = new ArrayList<>();
        for (int d = 0; d < index.size(); d++) {
            boolean lexical = bm25[d] > 0;
            if (!lexical && similarities[d] < minSimilarity) {
                continue;
            }
            double score = semanticWeight * similarities[d] + (lexical ? (1 - semanticWeight) * bm25[d] / best : 0);
            List<String> words = lexical ? index.matchedWords(d, query) : null;
            ranked.add(new Ranked(d, score, new MatchReason("hybrid", words == null || words.isEmpty() ? null : words,
                    round(similarities[d]), lexical ? lexicalRank[d] : null, semanticRank[d])));
        }
        ranked.sort(Comparator.comparingDouble(Ranked::score).reversed().thenComparingInt(Ranked::index));
        return ranked;
    }

    /** 1-based ranks by descending score (ties by index); entries with a zero {@code present} score get none. */
    private static int[] ranks(double[] scores, double[] present) {
        List<Integer> order = new ArrayList<>();
        for (int d = 0; d < scores.length; d++) {
            if (present == null || present[d] > 0) {
                order.add(d);
            }
        }
        order.sort(Comparator.comparingDouble((Integer d) -> scores[d]).reversed().thenComparingInt(d -> d));
        int[] ranks = new int[scores.length];
        for (int r = 0; r < order.size(); r++) {
            ranks[order.get(r)] = r + 1;
        }
        return ranks;
    }

    private static double round(double value) {
        return Math.round(value * 10_000) / 10_000.0;
    }
}
