package org.strategylab.experiment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import org.strategylab.evaluation.model.CustomEnrichmentResult;

/**
 * {@code POST /experiments/{id}/custom-enrich}'s answer: evaluation-core's result, and which
 * background it was computed within.
 *
 * @param result             the numbers (spec §2.6), their fields at this level
 * @param backgroundSource   where the background came from: {@code backgroundIds} (given), {@code organism}
 *                           (the request's organism), {@code search} (the one organism the experiment's search
 *                           or tree names) or {@code genes} (the one organism of the experiment's genes on the site)
 * @param backgroundOrganism the organism whose genes are the background; absent for {@code backgroundIds}
 * @param geneSetResolution  how the gene set's IDs resolved against the site before they were counted:
 *                           distinct genes, renamed IDs with their gene, unknown IDs (left out of every
 *                           count, {@code geneSetSize} included) and duplicates (merged)
 * @param backgroundResolution the same for {@code backgroundIds}; absent when no background was given
 */
public record CustomEnrichmentAnswer(@JsonUnwrapped CustomEnrichmentResult result, String backgroundSource,
                                     @JsonInclude(JsonInclude.Include.NON_NULL) String backgroundOrganism,
                                     ControlResolution.ControlListResolution geneSetResolution,
                                     @JsonInclude(JsonInclude.Include.NON_NULL)
                                     ControlResolution.ControlListResolution backgroundResolution) {

    public static final String GIVEN = "backgroundIds";
    public static final String REQUEST_ORGANISM = "organism";
    public static final String SEARCH_ORGANISM = "search";
    public static final String GENES_ORGANISM = "genes";
}
