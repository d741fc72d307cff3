package org.strategylab.experiment.genesets;

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
import org.strategylab.edge.auth.Caller;
import org.strategylab.experiment.api.GeneSetAlgebraRequest;
import org.strategylab.experiment.api.GeneSetAlgebraResult;
import org.strategylab.experiment.api.GeneSetCompareRequest;
import org.strategylab.experiment.api.GeneSetComparison;

/**
 * {@code /api/v1/gene-sets}: union, intersection and difference of two gene sets, and several compared
 * (the sets themselves are control sets tagged {@code gene-set}, kept at {@code /api/v1/control-sets}).
 * Both are computations: a 200, with a saved set only when asked.
 */
@Path("/api/v1/gene-sets")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class GeneSetResource {

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    GeneSets geneSets;

    @POST
    @Path("/algebra")
    public Uni<GeneSetAlgebraResult> algebra(@Valid @NotNull GeneSetAlgebraRequest request) {
        return geneSets.algebra(caller.id(), token.getRawToken(), request);
    }

    @POST
    @Path("/compare")
    public Uni<GeneSetComparison> compare(@Valid @NotNull GeneSetCompareRequest request) {
        return geneSets.compare(caller.id(), request);
    }
}
