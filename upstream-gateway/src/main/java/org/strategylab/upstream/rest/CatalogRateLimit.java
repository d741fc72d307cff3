package org.strategylab.upstream.rest;

import io.smallrye.common.net.Inet;
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
import org.strategylab.edge.peer.PeerConfig;
import org.strategylab.edge.peer.PeerCredential;
import org.strategylab.edge.problem.ProblemResponses;

/**
 * Limits the public catalogue of each site ({@code /api/v1/sites/{siteId}/…}, which calls the site)
 * per client ({@link RateLimiter}): 429 problem+json {@code RATE_LIMITED} with {@code Retry-After}
 * in seconds. The client is the signed-in caller's user id, else its address: the gateway's
 * {@code X-Forwarded-For} (the gateway drops a caller's own and sets the one address it saw) when the
 * gateway vouches for the request, else the connection's own address. The gateway vouches with the
 * service-to-service credential, which only it and the sibling services hold, wherever they run (a
 * pod address in a cluster, not only loopback); with no credential configured, a request from
 * loopback is taken as the gateway's (the service then listens on loopback alone). So anonymous
 * callers each have their own bucket rather than sharing the gateway's.
 *
 * <p>This is done here rather than by Quarkus's {@code quarkus.http.proxy.*} forwarding, which is
 * off in this service: with it on, about half of 100 concurrent connections waited 5 s before their
 * first request was handled (measured on 3.34.3; without it none did).
 */
public class CatalogRateLimit {

    /** The site-specific catalogue paths; {@code /api/v1/sites} and {@code /api/v1/sites/{id}} are local. */
    private static final Pattern CATALOGUE = Pattern.compile("^/api/v1/sites/[^/]+/.+");

    @Inject
    RateLimiter limiter;

    @Inject
    Caller caller;

    @Inject
    PeerConfig peers;

    @ServerRequestFilter
    public Optional<Response> limit(ContainerRequestContext context, HttpServerRequest request) {
        String path = context.getUriInfo().getPath();
        if (!CATALOGUE.matcher(path).matches()) {
            return Optional.empty();
        }
        String client = caller.idIfKnown().map(id -> "user:" + id).orElseGet(() -> "address:" + address(request));
        OptionalLong wait = limiter.acquire(client);
        if (wait.isEmpty()) {
            return Optional.empty();
        }
        Response problem = ProblemResponses.of(429, "RATE_LIMITED", "Too Many Requests",
                "Too many catalogue requests; try again in " + wait.getAsLong() + " s", path, List.of());
        return Optional.of(Response.fromResponse(problem).header("Retry-After", wait.getAsLong()).build());
    }

    /** The caller's address: as the gateway saw it when the gateway vouches for the request. */
    private String address(HttpServerRequest request) {
        return clientAddress(request.getHeader("X-Forwarded-For"), request.getHeader(PeerCredential.HEADER),
                peers.secret(), request.remoteAddress() == null ? null : request.remoteAddress().hostAddress());
    }

    /**
     * The address a request is counted under.
     *
     * @param forwarded the request's {@code X-Forwarded-For}, if any
     * @param presented the service-to-service credential it carried, if any
     * @param secret    this service's copy of that credential, if one is configured
     * @param remote    the connection's own address
     */
    static String clientAddress(String forwarded, String presented, Optional<String> secret, String remote) {
        boolean fromGateway = secret.map(value -> PeerCredential.matches(value, presented))
                .orElseGet(() -> isLoopback(remote));
        if (fromGateway && forwarded != null && !forwarded.isBlank()) {
            // the gateway sets exactly one address; a list would come from a proxy in front of it
            return forwarded.split(",")[0].trim();
        }
        return remote == null ? "unknown" : remote;
    }

    private static boolean isLoopback(String address) {
        if (address == null) {
            return false;
        }
        // parses an address literal only: no name is ever looked up
        java.net.InetAddress parsed = Inet.parseInetAddress(address);
        return parsed != null && parsed.isLoopbackAddress();
    }
}
