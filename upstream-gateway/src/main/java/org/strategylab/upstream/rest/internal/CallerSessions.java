package org.strategylab.upstream.rest.internal;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import org.strategylab.edge.auth.Caller;
import org.strategylab.sites.SiteRegistry;
import org.strategylab.upstream.client.UpstreamSession;
import org.strategylab.upstream.service.sessions.SessionService;

/**
 * The upstream session of the calling user on a site. The user is the subject of the caller token
 * the calling service forwards (never an id from the request), so one user's upstream session is
 * never reachable by another.
 */
@RequestScoped
public class CallerSessions {

    /** The record type used when a request names none. */
    static final String DEFAULT_RECORD_TYPE = "transcript";

    @Inject
    Caller caller;

    @Inject
    SiteRegistry sites;

    @Inject
    SessionService sessions;

    /**
     * The caller's session on the site.
     *
     * @throws org.strategylab.edge.problem.ProblemException 401 for an anonymous caller
     * @throws org.strategylab.sites.UnknownSiteException    404 for an unknown site
     */
    public Uni<UpstreamSession> of(String siteId) {
        String owner = caller.id();
        return sessions.session(owner, sites.require(siteId));
    }

    static String recordType(String given) {
        return given == null || given.isBlank() ? DEFAULT_RECORD_TYPE : given;
    }
}
