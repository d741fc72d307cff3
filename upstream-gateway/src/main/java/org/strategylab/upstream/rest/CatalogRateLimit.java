package org.strategylab.upstream.rest;

import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.strategylab.edge.auth.Caller;
import org.strategylab.edge.problem.ProblemResponses;

/**
 * Limits the public catalogue of each site ({@code /api/v1/sites/{siteId}/…}, which calls the site)
 * per client ({@link RateLimiter}): 429 problem+json {@code RATE_LIMITED} with {@code Retry-After}
 * in seconds. The client is the signed-in caller's user id, else its address. The address is the
 * gateway's {@code X-Forwarded-For} when the request comes from a trusted proxy
 * ({@code quarkus.http.proxy.*} in application.properties: loopback only, where the gateway runs),
 * else the peer's own address.
 */
public class CatalogRateLimit {

    /** The site-specific catalogue paths; {@code /api/v1/sites} and {@code /api/v1/sites/{id}} are local. */
    private static final Pattern CATALOGUE = Pattern.compile("^/api/v1/sites/[^/]+/.+");

    @Inject
    RateLimiter limiter;

    @Inject
    Caller caller;

    @ServerRequestFilter
    public Optional<Response> limit(ContainerRequestContext context, HttpServerRequest request) {
        String path = context.getUriInfo().getPath();
        if (!CATALOGUE.matcher(path).matches()) {
            return Optional.empty();
        }
        String client = caller.idIfKnown().map(id -> "user:" + id)
                .orElseGet(() -> "address:" + (request.remoteAddress() == null ? "unknown" : request.remoteAddress().hostAddress()));
        OptionalLong wait = limiter.acquire(client);
        if (wait.isEmpty()) {
            return Optional.empty();
        }
        Response problem = ProblemResponses.of(429, "RATE_LIMITED", "Too Many Requests",
                "Too many catalogue requests; try again in " + wait.getAsLong() + " s", path, List.of());
        return Optional.of(Response.fromResponse(problem).header("Retry-After", wait.getAsLong()).build());
    }
}
