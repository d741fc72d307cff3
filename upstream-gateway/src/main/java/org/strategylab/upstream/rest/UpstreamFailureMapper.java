package org.strategylab.upstream.rest;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.strategylab.edge.problem.Problem;
import org.strategylab.edge.request.RequestIds;
import org.strategylab.upstream.client.UpstreamFailure;
import org.strategylab.upstream.service.analyses.AnalysisRunner;

/**
 * An upstream failure is our 502 (504 when the site did not answer in time), with the site's last
 * status as {@code upstreamStatus}; the site's status is never passed through as ours, and its body
 * never leaves the service (api-contract.md §3.2, DECISIONS.md item 4).
 */
public class UpstreamFailureMapper {

    private static final Logger LOG = Logger.getLogger(UpstreamFailureMapper.class);

    @ServerExceptionMapper
    public Response upstreamFailure(UpstreamFailure failure, UriInfo uri) {
        LOG.warnf("%s failed: %s", uri.getPath(), failure.getMessage());
        return switch (failure.kind()) {
            case TIMEOUT -> problem(504, "UPSTREAM_TIMEOUT", "Gateway Timeout",
                    "Site '" + failure.siteId() + "' did not answer in time", uri, failure);
            case DELAYED -> problem(504, "UPSTREAM_RESULT_DELAYED", "Gateway Timeout",
                    "Site '" + failure.siteId() + "' had not finished computing the result; try again later", uri, failure);
            case SESSION_EXPIRED -> problem(502, "UPSTREAM_SESSION_EXPIRED", "Bad Gateway",
                    "The session on site '" + failure.siteId() + "' expired; sign in to the site again", uri, failure);
            case TRANSPORT -> problem(502, "UPSTREAM_UNREACHABLE", "Bad Gateway",
                    "Site '" + failure.siteId() + "' could not be reached", uri, failure);
            default -> problem(502, "UPSTREAM_ERROR", "Bad Gateway",
                    "Site '" + failure.siteId() + "' failed to answer " + failure.operation(), uri, failure);
        };
    }

    @ServerExceptionMapper
    public Response analysisFailed(AnalysisRunner.AnalysisFailed failure, UriInfo uri) {
        LOG.warnf("%s failed: %s", uri.getPath(), failure.getMessage());
        return failure.timedOut()
                ? problem(504, "UPSTREAM_ANALYSIS_TIMEOUT", "Gateway Timeout", failure.getMessage(), uri, null)
                : problem(502, "UPSTREAM_ANALYSIS_FAILED", "Bad Gateway", failure.getMessage(), uri, null);
    }

    private static Response problem(int status, String code, String title, String detail, UriInfo uri,
                                    UpstreamFailure failure) {
        Object requestId = MDC.get(RequestIds.MDC_KEY);
        UpstreamProblem body = new UpstreamProblem("/errors/" + code, title, status, detail, uri.getPath(), code,
                requestId == null ? null : requestId.toString(), failure == null ? null : failure.siteId(),
                failure == null ? null : failure.upstreamStatus());
        return Response.status(status).type(Problem.MEDIA_TYPE).entity(body).build();
    }
}
