package org.strategylab.experiment.controlsets;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.strategylab.edge.auth.Caller;
import org.strategylab.experiment.api.ControlResolutionAnswer;
import org.strategylab.experiment.api.ControlResolutionRequest;

/**
 * {@code /api/v1/control-resolutions}: control lists resolved against the site as a run would
 * resolve them, nothing run and nothing stored (a computation, hence 200 and no Location).
 */
@Path("/api/v1/control-resolutions")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ControlResolutionResource {

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    ControlResolutions resolutions;

    @POST
    @Operation(summary = "Resolve control lists (positiveControls, negativeControls, or a controlSetId's) against the"
            + " site's genes as a run would: renamed, unknown (not counted) and merged IDs, the genes each list names,"
            + " genes in both lists, and whether a run would be refused and why")
    @APIResponse(responseCode = "200", description = "{siteId, controlSetId, controlResolution, positiveGenes,"
            + " negativeGenes, genesInBothLists, runnable, refusals[{pointer, message}]}")
    @APIResponse(responseCode = "400", description = "A missing siteId, a list over the limit or holding null; errors[] names the field")
    @APIResponse(responseCode = "422", description = "An unknown site, no IDs; errors[] names the field")
    @APIResponse(responseCode = "404", description = "A controlSetId you may not read")
    public Uni<ControlResolutionAnswer> resolve(@Valid @NotNull ControlResolutionRequest request) {
        return resolutions.resolve(caller.id(), token.getRawToken(), request);
    }
}
