package org.strategylab.bench.agent;

import java.util.HashSet;
import java.util.Set;

/**
 * How far a result's genes agree with the gold genes: the Jaccard index |A ∩ G| / |A ∪ G|, and
 * precision, recall and F1 of the result taken as a prediction of the gold set. An empty result
 * scores 0 (the gold sets are never empty: the bench refuses a request whose gold is).
 *
 * @param resultSize the result's genes
 * @param goldSize   the gold genes
 * @param common     genes in both
 */
public record Agreement(int resultSize, int goldSize, int common) {

    /** The agreement of {@code result} with {@code gold}. */
    public static Agreement of(Set<String> result, Set<String> gold) {
        Set<String> both = new HashSet<>(result);
        both.retainAll(gold);
        return new Agreement(result.size(), gold.size(), both.size());
    }

    /** |A ∩ G| / |A ∪ G|; 0 when both are empty. */
    public double jaccard() {
        int union = resultSize + goldSize - common;
        return union == 0 ? 0 : (double) common / union;
    }

    public double precision() {
        return resultSize == 0 ? 0 : (double) common / resultSize;
    }

    public double recall() {
        return goldSize == 0 ? 0 : (double) common / goldSize;
    }

    /** The harmonic mean of precision and recall, 2|A ∩ G| / (|A| + |G|). */
    public double f1() {
        int sizes = resultSize + goldSize;
        return sizes == 0 ? 0 : 2.0 * common / sizes;
    }
}
