package org.strategylab.evaluation.model;

import java.util.List;
import java.util.Map;

/**
 * Rank metrics of an ordered ID list (spec 2.2, 4.5.11). Map keys are the K values (written as
 * strings). Extras beyond the spec: {@code averagePrecision} (scikit-learn's definition over the
 * list) and {@code positivesInList} (distinct positive controls found anywhere in the list).
 *
 * <p>Counts are genes (issue 38 item 2): the list ranks genes, each once at its first transcript's
 * position ({@link org.strategylab.evaluation.rank.GeneRanking}), so {@code totalResults} (n) and
 * the list sizes of {@code listSizeVsRecall} are gene counts.
 */
public record RankMetrics(Map<Integer, Double> precisionAtK, Map<Integer, Double> recallAtK,
                          Map<Integer, Double> enrichmentAtK, List<PrPoint> prCurve,
                          List<RecallPoint> listSizeVsRecall, int totalResults,
                          double averagePrecision, int positivesInList) {
    public RankMetrics {
        precisionAtK = precisionAtK == null ? Map.of() : precisionAtK;
        recallAtK = recallAtK == null ? Map.of() : recallAtK;
        enrichmentAtK = enrichmentAtK == null ? Map.of() : enrichmentAtK;
        prCurve = prCurve == null ? List.of() : List.copyOf(prCurve);
        listSizeVsRecall = listSizeVsRecall == null ? List.of() : List.copyOf(listSizeVsRecall);
    }
}
