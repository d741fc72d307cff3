package org.strategylab.experiment.analysis.enrichment;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.strategylab.edge.auth.Caller;
import java.util.List;
import org.strategylab.evaluation.model.EnrichmentResult;
import org.strategylab.experiment.api.CustomEnrichRequest;
import org.strategylab.experiment.api.CustomEnrichmentAnswer;
import org.strategylab.experiment.api.EnrichRequest;

/**
 * {@code POST …/{id}/enrich} and {@code …/{id}/custom-enrich}: the site's enrichment of an experiment's
 * result, and a gene set of the caller's tested against it.
 */
@Path("/api/v1/experiments/{id}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
// the OpenAPI document groups these operations as it did before the resources were split by feature
@Tag(name = "Experiment Analysis Resource")
public class EnrichmentResource {

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    ExperimentEnrichment enrichment;

    @Inject
    CustomGeneSetEnrichment customEnrichment;

    @POST
    @Path("/enrich")
    @Operation(summary = "GO, pathway and word enrichment of the experiment's result through the site's analysis plugins;"
            + " each type replaces its stored result, a failed type carries its error and keeps the previous terms")
    @APIResponse(responseCode = "200", description = "One EnrichmentResult per requested type")
    @APIResponse(responseCode = "409", description = "The experiment has not completed")
    @APIResponse(responseCode = "400", description = "An unknown or repeated analysis type; errors[] names it")
    @APIResponse(responseCode = "422", description = "Parameters of a type not asked for; errors[] names them")
    public Uni<List<EnrichmentResult>> enrich(@PathParam("id") String id, @Valid @NotNull EnrichRequest request) {
        return enrichment.enrich(caller.id(), token.getRawToken(), id, request);
    }

    @POST
    @Path("/custom-enrich")
    @Operation(summary = "Test a gene set against the experiment's result within a background (the given IDs, else the"
            + " organism's genes): exact hypergeometric p, fold enrichment, odds ratios")
    @APIResponse(responseCode = "400", description = "No gene set name or genes; errors[] names the field")
    @APIResponse(responseCode = "422", description = "A gene set naming no gene of the site, one larger than the background, no single organism"
            + " to take the background from; errors[] names the field")
    public Uni<CustomEnrichmentAnswer> customEnrich(@PathParam("id") String id, @Valid @NotNull CustomEnrichRequest request) {
        return customEnrichment.enrich(caller.id(), token.getRawToken(), id, request);
    }
}
