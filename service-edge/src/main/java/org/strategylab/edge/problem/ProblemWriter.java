package org.strategylab.edge.problem;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.strategylab.edge.request.RequestIds;

/** Answers a Vert.x route with a problem+json body, as the JAX-RS mappers do for resources. */
@ApplicationScoped
public class ProblemWriter {

    @Inject
    ObjectMapper json;

    /** Ends the exchange with the problem. */
    public void write(RoutingContext context, int status, String code, String title, String detail,
                      List<FieldError> errors) {
        HttpServerResponse response = context.response();
        if (response.headWritten()) {
            response.reset();
            return;
        }
        Object requestId = context.get(RequestIds.MDC_KEY);
        Problem problem = new Problem("/errors/" + code, title, status, detail, context.request().path(), code,
                requestId == null ? null : requestId.toString(), errors);
        try {
            response.setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                    .end(json.writeValueAsString(problem));
        } catch (JsonProcessingException e) {
            response.setStatusCode(status).end();
        }
    }

    /** 401: no valid caller token. */
    public void unauthorized(RoutingContext context) {
        write(context, 401, "UNAUTHORIZED", "Unauthorized", "Sign in first: send a bearer token or the session cookie",
                List.of());
    }
}
