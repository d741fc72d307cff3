package org.strategylab.upstream.api;

import java.util.List;

/**
 * A page of genes matching a text query.
 *
 * @param results            this page
 * @param totalCount         how many genes match
 * @param limit              the page size
 * @param offset             the first index
 * @param suggestedOrganisms the organisms of this page's genes (to narrow a search that named none)
 */
public record GeneSearchResult(List<GeneHit> results, long totalCount, int limit, int offset,
                               List<String> suggestedOrganisms) {
}
