package org.strategylab.upstream.rest;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.strategylab.upstream.api.Page;
import org.strategylab.upstream.api.RecordTypeSummary;
import org.strategylab.upstream.service.catalog.CatalogService;

/** A site's record types. Public. */
@Path("/api/v1/sites/{siteId}/record-types")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Catalogue")
public class RecordTypeResource {

    @Inject
    CatalogService catalog;

    @GET
    @Operation(summary = "The record types of a site")
    public Uni<Page<RecordTypeSummary>> list(@PathParam("siteId") String siteId,
                                             @QueryParam("limit") @DefaultValue("100") @Min(1) @Max(CatalogResources.MAX_LIMIT) int limit,
                                             @QueryParam("offset") @DefaultValue("0") @Min(0) int offset) {
        return catalog.recordTypes(siteId).map(all -> Page.of(all, limit, offset));
    }
}
