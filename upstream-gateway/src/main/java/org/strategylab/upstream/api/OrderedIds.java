package org.strategylab.upstream.api;

import java.util.List;

/**
 * The IDs of a step's result, in order (for rank metrics, spec rule 4.5.11).
 *
 * @param stepId        the step
 * @param ids           gene (record) IDs, best first, one per gene: a gene is ranked once, at its first
 *                      transcript row's position
 * @param totalCount    how many genes the result has (counts are genes; WDK's display count)
 * @param totalTranscripts how many rows the result has (transcripts for the transcript record class,
 *                      WDK's {@code totalCount}); equal to {@code totalCount} when each gene has one
 * @param truncated     whether the result has more than were returned
 * @param sortAttribute the attribute sorted by, or {@code null} for the search's default order
 * @param direction     {@code ASC} or {@code DESC}, with a sort attribute
 */
public record OrderedIds(long stepId, List<String> ids, long totalCount, long totalTranscripts, boolean truncated, String sortAttribute,
                         String direction) {
}
