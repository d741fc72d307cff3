package org.strategylab.upstream.rest;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.strategylab.edge.auth.Caller;
import org.strategylab.upstream.api.GeneResolution;
import org.strategylab.upstream.api.GeneResolveRequest;
import org.strategylab.upstream.api.GeneSearchResult;
import org.strategylab.upstream.service.genes.GeneLookup;

/** Gene look-ups on a site. Public. */
@Path("/api/v1/sites/{siteId}/genes")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Catalogue")
public class GeneResource {

    @Inject
    GeneLookup genes;

    @Inject
    Caller caller;

    @GET
    @Path("/search")
    @Operation(summary = "Genes whose ids, names, products or notes match a text (use * as a wildcard)")
    public Uni<GeneSearchResult> search(@PathParam("siteId") String siteId,
                                        @QueryParam("q") @NotBlank @Size(max = 200) String q,
                                        @QueryParam("organism") String organism,
                                        @QueryParam("limit") @DefaultValue("50") @Min(1) @Max(CatalogResources.MAX_LIMIT) int limit,
                                        @QueryParam("offset") @DefaultValue("0") @Min(0) int offset) {
        return genes.search(siteId, q, organism, limit, offset);
    }

    @POST
    @Path("/resolve")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Which ids (current, transcript or previous ids) name genes of the site (signed-in callers)")
    public Uni<GeneResolution> resolve(@PathParam("siteId") String siteId, @NotNull @Valid GeneResolveRequest body) {
        // each resolution uploads a dataset to the site that cannot be deleted through the shared
        // catalogue session: only signed-in callers may cause that (401 otherwise)
        caller.id();
        return genes.resolve(siteId, body.geneIds());
    }
}
