package org.strategylab.experiment.analysis.sweep;

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
import org.strategylab.experiment.api.ThresholdSweepRequest;
import org.strategylab.experiment.rest.Accepted;

/**
 * {@code POST …/{id}/threshold-sweep}: starts a sweep of one parameter as an operation.
 */
@Path("/api/v1/experiments/{id}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
// the OpenAPI document groups these operations as it did before the resources were split by feature
@Tag(name = "Experiment Analysis Resource")
public class ThresholdSweepResource {

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    ThresholdSweeps sweeps;

    @POST
    @Path("/threshold-sweep")
    @Operation(summary = "Sweep one parameter of the experiment's search or tree: 202 with the operation (sweep_point per"
            + " value, then sweep_complete); SSE with Accept: text/event-stream at the gateway")
    @APIResponse(responseCode = "202", description = "Started: {operationId, experimentId, statePath}")
    @APIResponse(responseCode = "400", description = "No parameterName, an unknown sweepType, steps outside 3–50; errors[]"
            + " names the field")
    @APIResponse(responseCode = "422", description = "No values, no range, a parameter the experiment does not have;"
            + " errors[] names the field")
    public Uni<jakarta.ws.rs.core.Response> thresholdSweep(@PathParam("id") String id,
                                                           @Valid @NotNull ThresholdSweepRequest request) {
        return sweeps.start(caller.id(), token.getRawToken(), id, request)
                .map(started -> Accepted.response(started).build());
    }
}
