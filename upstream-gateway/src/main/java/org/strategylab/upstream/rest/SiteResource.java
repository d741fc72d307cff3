package org.strategylab.upstream.rest;

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
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.sites.Site;
import org.strategylab.sites.SiteRegistry;
import org.strategylab.upstream.api.Page;

/** The VEuPathDB sites StrategyLab can drive. Public: no sign-in needed. */
@Path("/api/v1/sites")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Sites")
public class SiteResource {

    @Inject
    SiteRegistry registry;

    @GET
    @Operation(summary = "List the sites, the default site and the routing timeouts")
    public SiteList list(@QueryParam("limit") @DefaultValue("100") @Min(1) @Max(CatalogResources.MAX_LIMIT) int limit,
                         @QueryParam("offset") @DefaultValue("0") @Min(0) int offset) {
        Page<Site> page = Page.of(registry.sites(), limit, offset);
        return new SiteList(page.items(), page.total(), limit, offset, registry.defaultSite().id(),
                new SiteList.Routing(registry.routing().portal().toSeconds(),
                        registry.routing().component().toSeconds()));
    }

    @GET
    @Path("/{siteId}")
    @Operation(summary = "One site")
    public Site get(@PathParam("siteId") String siteId) {
        return registry.find(siteId).orElseThrow(() -> siteNotFound(siteId));
    }

    static ProblemException siteNotFound(String siteId) {
        return ProblemException.notFound("SITE_NOT_FOUND", "No site with id '" + siteId + "'");
    }
}
