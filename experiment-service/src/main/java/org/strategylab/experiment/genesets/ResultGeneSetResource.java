package org.strategylab.experiment.genesets;

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
import jakarta.ws.rs.core.Response;
import java.net.URI;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.strategylab.edge.auth.Caller;
import org.strategylab.experiment.api.ResultGeneSetRequest;

/** {@code POST /api/v1/experiments/{id}/gene-set}: an experiment's result saved as a gene set. */
@Path("/api/v1/experiments/{id}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
// the OpenAPI document groups the experiment's operations under one tag
@Tag(name = "Experiment Resource")
public class ResultGeneSetResource {

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    ResultGeneSets geneSets;

    @POST
    @Path("/gene-set")
    @Operation(summary = "Save a completed experiment's result, or one class of its control genes, as a gene set",
            description = "which: result (every gene of the result, the default), truePositives, falsePositives, "
                    + "falseNegatives or trueNegatives. Answers 201 with the new control set, tagged gene-set. "
                    + "Counts are genes.")
    public Uni<Response> save(@PathParam("id") String id, @Valid @NotNull ResultGeneSetRequest request) {
        return geneSets.save(caller.id(), token.getRawToken(), id, request)
                .map(set -> Response.created(URI.create("/api/v1/control-sets/" + set.id())).entity(set).build());
    }
}
