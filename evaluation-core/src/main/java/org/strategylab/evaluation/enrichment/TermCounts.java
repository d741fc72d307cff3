package org.strategylab.evaluation.enrichment;

/**
 * One term's input counts: {@code resultCount} result genes carry the term, {@code backgroundCount}
 * background genes do.
 */
public record TermCounts(String termId, String termName, int resultCount, int backgroundCount) {
}
