package org.strategylab.experiment.analysis.parameteroptimization;

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
import org.strategylab.experiment.api.ParameterOptimizationRequest;
import org.strategylab.experiment.rest.Accepted;

/**
 * {@code POST …/{id}/parameter-optimization}: starts a parameter optimisation as an operation.
 */
@Path("/api/v1/experiments/{id}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
// the OpenAPI document groups these operations as it did before the resources were split by feature
@Tag(name = "Experiment Analysis Resource")
public class ParameterOptimizationResource {

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    ParameterOptimizations parameterOptimizations;

    @POST
    @Path("/parameter-optimization")
    @Operation(summary = "Tune parameters of the experiment's search (numeric, integer, categorical) for an objective:"
            + " 202 with the operation (experiment_progress with an optimization_progress trialProgress per trial);"
            + " the trials, Pareto frontier and parameter sensitivity land on the experiment's optimizationResult")
    @APIResponse(responseCode = "202", description = "Started: {operationId, experimentId, statePath}")
    @APIResponse(responseCode = "409", description = "A gene-ID experiment has no search")
    @APIResponse(responseCode = "400", description = "No specs, a bad type, range or choices, an unknown objective or"
            + " method, a budget outside 5–200; errors[] names the field")
    @APIResponse(responseCode = "422", description = "A parameter the search does not have or cannot vary that way, a"
            + " step the strategy does not have; errors[] names the field")
    public Uni<jakarta.ws.rs.core.Response> parameterOptimization(@PathParam("id") String id,
                                                                  @Valid @NotNull ParameterOptimizationRequest request) {
        return parameterOptimizations.start(caller.id(), token.getRawToken(), id, request)
                .map(started -> Accepted.response(started).build());
    }
}
