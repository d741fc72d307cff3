package org.strategylab.experiment.rest;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.experiment.client.UpstreamFailure;
import org.strategylab.experiment.service.ResultBrowser;

/**
 * An upstream failure no use case answered itself: its refusal keeps its status, a failing or silent
 * site is a 502/504 whose detail is the failure's sentence (never a 500 nor the site's body).
 */
public class UpstreamFailureMapper {

    @ServerExceptionMapper
    public Response upstreamFailure(UpstreamFailure failure, UriInfo uri) {
        ProblemException problem = ResultBrowser.problem(failure);
        return org.strategylab.edge.problem.ProblemResponses.of(problem.status(), problem.code(), problem.title(),
                problem.getMessage(), uri.getPath(), problem.errors());
    }
}
