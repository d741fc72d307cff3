package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The counts of a counted tree, node by node: the same shape as the {@link StepTreeSpec} that was
 * counted, so each node of the request finds its counts at the same place of the answer.
 *
 * @param geneCount       the node's result in genes (WDK's display count; records for record types
 *                        without transcripts); null when the site says the node is not valid
 * @param transcriptCount the site's rows beside it for the transcript record type (WDK's
 *                        {@code totalCount}: transcripts); null for other record types or an invalid node
 * @param validation      the site's verdict when it says the node is not valid (absent when it is)
 * @param primaryInput    the counts of the node's primary input, if it has one
 * @param secondaryInput  the counts of the node's secondary input, if it has one
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StepCount(Long geneCount, Long transcriptCount, StepValidation validation, StepCount primaryInput,
                        StepCount secondaryInput) {
}
