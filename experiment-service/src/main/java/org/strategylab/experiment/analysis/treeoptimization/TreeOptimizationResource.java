package org.strategylab.experiment.analysis.treeoptimization;

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
import org.strategylab.experiment.api.TreeOptimizationRequest;
import org.strategylab.experiment.rest.Accepted;

/**
 * {@code POST …/{id}/tree-optimization}: starts a tree-knob optimisation as an operation.
 */
@Path("/api/v1/experiments/{id}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
// the OpenAPI document groups these operations as it did before the resources were split by feature
@Tag(name = "Experiment Analysis Resource")
public class TreeOptimizationResource {

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    TreeOptimizations treeOptimizations;

    @POST
    @Path("/tree-optimization")
    @Operation(summary = "Tune threshold parameters and combine operators of the experiment's strategy for an objective"
            + " (precision_at_K honours K): 202 with the operation; every trial lands on the experiment")
    @APIResponse(responseCode = "202", description = "Started: {operationId, experimentId, statePath}")
    @APIResponse(responseCode = "400", description = "An unknown objective, a budget outside 5–200, a knob without its"
            + " parameter or with a bad range; errors[] names the field")
    @APIResponse(responseCode = "422", description = "No knob, a knob the tree does not have, a parameter that is not"
            + " numeric; errors[] names the field")
    public Uni<jakarta.ws.rs.core.Response> treeOptimization(@PathParam("id") String id,
                                                             @Valid @NotNull TreeOptimizationRequest request) {
        return treeOptimizations.start(caller.id(), token.getRawToken(), id, request)
                .map(started -> Accepted.response(started).build());
    }
}
