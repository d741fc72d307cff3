package org.strategylab.upstream.rest.internal;

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
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.upstream.api.GeneListResolveRequest;
import org.strategylab.upstream.api.GeneResolution;
import org.strategylab.upstream.config.UpstreamConfig;
import org.strategylab.upstream.service.genes.GeneLookup;

/** Gene-id resolution for other services (control lists), in the caller's session, batched. */
@Path(InternalApi.SITE + "/genes/resolve")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = InternalApi.TAG, description = InternalApi.DESCRIPTION)
public class InternalGeneResource {

    @Inject
    CallerSessions sessions;

    @Inject
    GeneLookup genes;

    @Inject
    UpstreamConfig config;

    @POST
    @Operation(summary = "Which ids (current, transcript or previous ids, any case) name genes of the site;"
            + " long lists are looked up in batches of results.gene-lookup-batch")
    public Uni<GeneResolution> resolve(@PathParam("siteId") String siteId, @NotNull @Valid GeneListResolveRequest body) {
        int max = config.results().geneLookupMax();
        if (body.geneIds().size() > max) {
            throw ProblemException.invalid("Too many IDs", List.of(new FieldError("/geneIds", "has "
                    + body.geneIds().size() + " IDs; at most " + max + " (strategylab.upstream.results.gene-lookup-max)")));
        }
        return sessions.of(siteId).chain(session -> genes.resolve(siteId, session, body.geneIds()));
    }
}
