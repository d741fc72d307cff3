package org.strategylab.experiment.analysis.stepanalysis;

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
import org.strategylab.experiment.api.StepAnalysisRequest;
import org.strategylab.experiment.rest.Accepted;

/**
 * {@code POST …/{id}/step-analysis}: starts a step analysis of the experiment's strategy as an operation.
 */
@Path("/api/v1/experiments/{id}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
// the OpenAPI document groups these operations as it did before the resources were split by feature
@Tag(name = "Experiment Analysis Resource")
public class StepAnalysisResource {

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    StepAnalyses stepAnalyses;

    @POST
    @Path("/step-analysis")
    @Operation(summary = "Step analysis of the experiment's strategy (per-leaf evaluation, operator comparison,"
            + " contribution, parameter sensitivity): 202 with the operation; the result lands on the experiment")
    @APIResponse(responseCode = "202", description = "Started: {operationId, experimentId, statePath}")
    @APIResponse(responseCode = "409", description = "A gene-ID experiment has no strategy")
    @APIResponse(responseCode = "400", description = "An unknown or repeated phase; errors[] names it")
    public Uni<jakarta.ws.rs.core.Response> stepAnalysis(@PathParam("id") String id, @Valid StepAnalysisRequest request) {
        return stepAnalyses.start(caller.id(), token.getRawToken(), id, request)
                .map(started -> Accepted.response(started).build());
    }
}
