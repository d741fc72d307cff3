package org.strategylab.edge.auth;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.strategylab.edge.problem.Problem;
import org.strategylab.edge.request.RequestIds;

/**
 * A bad or expired token fails authentication before any resource runs (proactive
 * authentication), so the JAX-RS exception mappers never see it. This route failure handler gives
 * those failures the same problem+json body as every other error instead of Quarkus' empty 401.
 */
@ApplicationScoped
public class AuthenticationProblems {

    @Inject
    ObjectMapper json;

    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).failureHandler(this::handle);
    }

    private void handle(RoutingContext context) {
        Throwable failure = context.failure();
        int status;
        String code;
        String title;
        String detail;
        if (failure instanceof AuthenticationFailedException || failure instanceof UnauthorizedException) {
            status = 401;
            code = "UNAUTHORIZED";
            title = "Unauthorized";
            detail = "The caller token is missing, malformed, expired or not signed by a trusted key";
        } else if (failure instanceof ForbiddenException) {
            status = 403;
            code = "FORBIDDEN";
            title = "Forbidden";
            detail = "The caller may not do this";
        } else {
            context.next();
            return;
        }
        if (context.response().headWritten()) {
            context.response().close();
            return;
        }
        Object requestId = context.get(RequestIds.MDC_KEY);
        Problem problem = new Problem("/errors/" + code, title, status, detail, context.request().path(), code,
                requestId == null ? null : requestId.toString(), null);
        try {
            context.response().setStatusCode(status)
                    .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                    .end(json.writeValueAsString(problem));
        } catch (JsonProcessingException e) {
            context.response().setStatusCode(status).end();
        }
    }
}
