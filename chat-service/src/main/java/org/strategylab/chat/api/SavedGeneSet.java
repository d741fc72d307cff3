package org.strategylab.chat.api;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A step's genes saved as a gene set: the answer of {@code POST /api/v1/strategies/{id}/gene-set}, and
 * of the agent's {@code export_gene_set}.
 *
 * @param geneSetId the gene set (an experiment-service control set tagged {@code gene-set})
 * @param name      its name
 * @param geneCount the genes saved
 * @param stepId    the step whose genes they are
 * @param siteId    the site they are genes of
 * @param note      set when the step held more genes than one export saves: how many, and how many were saved
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SavedGeneSet(String geneSetId, String name, int geneCount, String stepId, String siteId,
                           String note) {
}
