package org.strategylab.upstream.api;

import java.util.List;

/**
 * What a search found.
 *
 * @param searchName the search
 * @param count      the result count, WDK's {@code meta.totalCount} (records: transcripts for genes)
 * @param geneCount  WDK's display count (genes for the transcript record type)
 * @param ids        the gene (record) IDs in the search's default order, at most the maximum asked for
 * @param truncated  whether more IDs exist than were returned
 */
public record SearchRun(String searchName, long count, long geneCount, List<String> ids, boolean truncated) {
}
