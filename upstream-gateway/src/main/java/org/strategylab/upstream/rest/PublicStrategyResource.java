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
import org.strategylab.upstream.api.PublicStrategy;
import org.strategylab.upstream.service.strategies.PublicStrategyExamples;

/** A site's public strategies, ranked by meaning against a request: example plans. Public. */
@Path("/api/v1/sites/{siteId}/public-strategies")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Catalogue")
public class PublicStrategyResource {

    /** The most strategies one answer carries (each needs its step tree read from the site once). */
    public static final int MAX_LIMIT = 20;

    @Inject
    PublicStrategyExamples examples;

    @GET
    @Operation(summary = "The site's public strategies, best match for the query first, each with its step tree",
            description = "With query, ranked by meaning and words (the catalogue's hybrid ranking) and only matching "
                    + "ones; without it, all in the site's order. recordType keeps those whose result is of that type.")
    public Uni<Page<PublicStrategy>> list(@PathParam("siteId") String siteId, @QueryParam("query") String query,
                                          @QueryParam("recordType") String recordType,
                                          @QueryParam("limit") @DefaultValue("5") @Min(1) @Max(MAX_LIMIT) int limit) {
        return examples.find(siteId, query, recordType, limit);
    }
}
