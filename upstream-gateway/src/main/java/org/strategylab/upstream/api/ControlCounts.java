package org.strategylab.upstream.api;

import java.util.List;

/**
 * The counts of spec rule 4.5.5.
 *
 * @param rootCount     the tree's result count ({@code meta.totalCount})
 * @param rootGeneCount its gene count (display count)
 * @param controls      one entry per control set, in request order
 */
public record ControlCounts(long rootCount, long rootGeneCount, List<ControlCount> controls) {
}
