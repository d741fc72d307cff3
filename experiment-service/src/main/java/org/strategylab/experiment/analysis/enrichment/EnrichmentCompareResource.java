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
import org.strategylab.experiment.api.EnrichmentCompareRequest;

/**
 * {@code POST /api/v1/experiments/enrichment-compare}: the stored enrichment terms across experiments.
 */
@Path("/api/v1/experiments")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
// the OpenAPI document groups these operations as it did before the resources were split by feature
@Tag(name = "Experiment Resource")
public class EnrichmentCompareResource {

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    EnrichmentCompare enrichmentCompare;

    @POST
    @Path("/enrichment-compare")
    @Operation(summary = "The fold enrichment of every stored term across two or more of your experiments,"
            + " optionally of one analysis type")
    @APIResponse(responseCode = "404", description = "An experiment is not yours or does not exist")
    @APIResponse(responseCode = "400", description = "Fewer than 2 or more than 50 experiments, a repeated one, an unknown"
            + " analysis type; errors[] names the field")
    public Uni<org.strategylab.evaluation.model.EnrichmentComparison> enrichmentCompare(
            @Valid @NotNull EnrichmentCompareRequest request) {
        return enrichmentCompare.compare(caller.id(), request);
    }
}
