package org.strategylab.experiment.api;

import java.util.List;
import org.strategylab.edge.problem.FieldError;

/**
 * What a run would count for these control lists: the lists resolved against the site exactly as
 * {@code POST /api/v1/experiments} resolves them, and whether such a run would be refused.
 *
 * @param siteId            the site the IDs were looked up on
 * @param controlSetId      the set that filled the lists not given, or null
 * @param controlResolution per list: distinct genes, renamed IDs with their gene, unknown IDs (not
 *                          counted) and duplicates (merged), as an experiment's {@code controlResolution}
 * @param positiveGenes     the positive controls as current gene IDs, distinct, in the order typed
 * @param negativeGenes     the negative controls as current gene IDs
 * @param genesInBothLists  genes both lists name once resolved (a run refuses them)
 * @param runnable          whether a run with these controls would start
 * @param refusals          why it would not, each naming its list ({@code /positiveControls},
 *                          {@code /negativeControls}) as the run's 422 would; empty when runnable
 */
public record ControlResolutionAnswer(String siteId, String controlSetId, ControlResolution controlResolution,
                                      List<String> positiveGenes, List<String> negativeGenes,
                                      List<String> genesInBothLists, boolean runnable, List<FieldError> refusals) {
}
