package org.strategylab.upstream.rest;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.edge.problem.ProblemResponses;
import org.strategylab.sites.UnknownSiteException;

/** A request naming a site the registry does not hold is a 404 {@code SITE_NOT_FOUND}. */
public class UnknownSiteMapper {

    @ServerExceptionMapper
    public Response unknownSite(UnknownSiteException e, UriInfo uri) {
        ProblemException problem = SiteResource.siteNotFound(e.siteId());
        return ProblemResponses.of(problem.status(), problem.code(), problem.title(), problem.getMessage(),
                uri.getPath(), List.of());
    }
}
