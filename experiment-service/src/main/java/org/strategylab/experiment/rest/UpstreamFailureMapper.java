package org.strategylab.experiment.rest;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.experiment.client.UpstreamFailure;

/**
 * An upstream failure no use case answered itself: its refusal keeps its status, a failing or silent
 * site is a 502/504 whose detail is the failure's sentence (never a 500 nor the site's body).
 */
public class UpstreamFailureMapper {

    @ServerExceptionMapper
    public Response upstreamFailure(UpstreamFailure failure, UriInfo uri) {
        ProblemException problem = problem(failure);
        return org.strategylab.edge.problem.ProblemResponses.of(problem.status(), problem.code(), problem.title(),
                problem.getMessage(), uri.getPath(), problem.errors());
    }

    /** upstream-gateway's refusal as this service's answer: input problems keep their status, the rest are 502/504. */
    public static ProblemException problem(Throwable failure) {
        UpstreamFailure upstream = (UpstreamFailure) failure;
        if (upstream.inputRefused()) {
            return new ProblemException(upstream.status(), upstream.code() == null ? "UPSTREAM_REFUSED" : upstream.code(),
                    upstream.status() == 404 ? "Not Found" : "Invalid request", upstream.getMessage(), upstream.errors());
        }
        int status = upstream.status() == 504 ? 504 : 502;
        return new ProblemException(status, upstream.code() == null ? "UPSTREAM_ERROR" : upstream.code(),
                "The site could not answer", upstream.describe(), java.util.List.of());
    }
}
