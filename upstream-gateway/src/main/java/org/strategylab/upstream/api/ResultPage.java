package org.strategylab.upstream.api;

import java.util.List;

/**
 * A page of a step's result.
 *
 * @param stepId           the step
 * @param records          this page
 * @param totalCount       the result count, WDK's {@code meta.totalCount}
 * @param displayTotalCount the display count (genes for transcripts)
 * @param offset           first index
 * @param limit            page size
 */
public record ResultPage(long stepId, List<ResultRecord> records, long totalCount, long displayTotalCount, int offset,
                         int limit) {
}
