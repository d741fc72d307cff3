package org.strategylab.upstream.rest;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.strategylab.edge.problem.ProblemExceptionMappers;
import org.strategylab.sites.UnknownSiteException;

/** A request naming a site the registry does not hold is a 404 {@code SITE_NOT_FOUND}. */
public class UnknownSiteMapper {

    private final ProblemExceptionMappers problems = new ProblemExceptionMappers();

    @ServerExceptionMapper
    public Response unknownSite(UnknownSiteException e, UriInfo uri) {
        return problems.problem(SiteResource.siteNotFound(e.siteId()), uri);
    }
}
