package org.strategylab.upstream.api;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;

/**
 * upstream-gateway's internal step analyses. Apart from {@link UpstreamInternalApi} because an
 * analysis waits for the site up to the analysis wait (spec §8: 300 s), longer than any other call:
 * a consumer gives it a client with a read timeout of its own. Its answer holds evaluation-core's
 * {@code EnrichmentTerm}s, so only a consumer with evaluation-core extends it.
 */
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface UpstreamAnalysesApi {

    /** Runs a step analysis on a persisted step or on a new tree (in a helper strategy) and waits for it. */
    @POST
    @Path(UpstreamInternalApi.SITE + "/analyses")
    Uni<AnalysisOutcome> analyse(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                 @PathParam("siteId") String siteId, EnrichmentRequest request);
}
