package org.strategylab.experiment.analysis.crossvalidation;

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
import org.strategylab.experiment.api.CrossValidationRequest;
import org.strategylab.experiment.rest.Accepted;

/**
 * {@code POST …/{id}/cross-validate}: cross-validates a completed experiment as an operation.
 */
@Path("/api/v1/experiments/{id}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
// the OpenAPI document groups these operations as it did before the resources were split by feature
@Tag(name = "Experiment Result Resource")
public class CrossValidationResource {

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    CrossValidations crossValidations;

    @POST
    @Path("/cross-validate")
    @Operation(summary = "Cross-validate a completed experiment: 202 with the operation (per-fold progress, then the experiment)")
    public Uni<jakarta.ws.rs.core.Response> crossValidate(@PathParam("id") String id, @Valid CrossValidationRequest request) {
        return crossValidations.start(caller.id(), token.getRawToken(), id, request == null ? null : request.kFolds())
                .map(started -> Accepted.response(started).build());
    }
}
