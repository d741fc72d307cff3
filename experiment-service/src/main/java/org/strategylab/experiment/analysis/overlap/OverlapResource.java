package org.strategylab.experiment.analysis.overlap;

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
import org.strategylab.experiment.api.OverlapRequest;

/**
 * {@code POST /api/v1/experiments/overlap}: the gene-set overlap of experiments.
 */
@Path("/api/v1/experiments")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
// the OpenAPI document groups these operations as it did before the resources were split by feature
@Tag(name = "Experiment Resource")
public class OverlapResource {

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    ExperimentOverlap overlap;

    @POST
    @Path("/overlap")
    @Operation(summary = "Gene-set overlap of two or more of your experiments",
            description = "An experiment's genes are its true and false positives (basis predicted-positives, the default, "
                    + "spec §2.6: the controls its result contains) or every gene of its result (basis result). The answer "
                    + "names its basis. Counts are genes.")
    public Uni<org.strategylab.experiment.api.OverlapAnswer> overlap(@Valid @NotNull OverlapRequest request) {
        return overlap.overlap(caller.id(), token.getRawToken(), request.experimentIds(), request.basisOrDefault());
    }
}
