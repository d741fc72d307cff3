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
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.sites.Site;
import org.strategylab.sites.SiteRegistry;

/** The VEuPathDB sites StrategyLab can drive. Public: no sign-in needed. */
@Path("/api/v1/sites")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Sites")
public class SiteResource {

    @Inject
    SiteRegistry registry;

    @GET
    @Operation(summary = "List the sites, the default site and the routing timeouts")
    public SiteList list(@QueryParam("limit") @DefaultValue("100") @Min(1) @Max(500) int limit,
                         @QueryParam("offset") @DefaultValue("0") @Min(0) int offset) {
        List<Site> all = registry.sites();
        List<Site> page = all.subList(Math.min(offset, all.size()), Math.min(offset + limit, all.size()));
        return new SiteList(page, all.size(), limit, offset, registry.defaultSite().id(),
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
