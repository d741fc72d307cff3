package org.strategylab.upstream.rest;

import io.vertx.core.http.HttpServerRequest;
import jakarta.annotation.PostConstruct;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.strategylab.edge.auth.Caller;
import org.strategylab.edge.peer.PeerConfig;
import org.strategylab.edge.peer.PeerCredential;
import org.strategylab.edge.problem.ProblemResponses;
import org.strategylab.upstream.config.RateLimitConfig;

/**
 * Limits sign-ins to VEuPathDB ({@code POST /api/v1/veupathdb/auth/login}) per StrategyLab user and
 * per client address ({@code strategylab.upstream.rate-limit.sign-in.*}): each one tries a password on
 * a site account, and in local mode anyone can be any user, so the address bounds guessing too. One
 * over either limit is a 429 problem+json {@code RATE_LIMITED} with {@code Retry-After}, naming the
 * limit; it never reaches the site. The address is decided as for the catalogue
 * ({@link CatalogRateLimit#clientAddress}).
 */
public class SignInRateLimit {

    static final String LOGIN = "/api/v1/veupathdb/auth/login";

    @Inject
    RateLimitConfig config;

    @Inject
    Caller caller;

    @Inject
    PeerConfig peers;

    private RateLimiter perUser;
    private RateLimiter perAddress;

    @PostConstruct
    void limiters() {
        RateLimitConfig.SignIn signIn = config.signIn();
        perUser = new RateLimiter(config.enabled(), signIn.perUserBurst(), signIn.perUserPerMinute(), config.maxClients());
        perAddress = new RateLimiter(config.enabled(), signIn.perAddressBurst(), signIn.perAddressPerMinute(), config.maxClients());
    }

    @ServerRequestFilter
    public Optional<Response> limit(ContainerRequestContext context, HttpServerRequest request) {
        if (!"POST".equals(context.getMethod()) || !LOGIN.equals(context.getUriInfo().getPath())) {
            return Optional.empty();
        }
        String address = CatalogRateLimit.clientAddress(request.getHeader("X-Forwarded-For"),
                request.getHeader(PeerCredential.HEADER), peers.secret(),
                request.remoteAddress() == null ? null : request.remoteAddress().hostAddress());
        OptionalLong addressWait = perAddress.acquire(address);
        if (addressWait.isPresent()) {
            return Optional.of(refused(addressWait.getAsLong(), "from this address", config.signIn().perAddressPerMinute()));
        }
        Optional<String> user = caller.idIfKnown();
        if (user.isPresent()) {
            OptionalLong userWait = perUser.acquire(user.get());
            if (userWait.isPresent()) {
                return Optional.of(refused(userWait.getAsLong(), "for this user", config.signIn().perUserPerMinute()));
            }
        }
        return Optional.empty();
    }

    private static Response refused(long seconds, String scope, int perMinute) {
        Response problem = ProblemResponses.of(429, "RATE_LIMITED", "Too Many Requests",
                "Too many VEuPathDB sign-ins " + scope + " (at most " + perMinute + " a minute, setting "
                        + "strategylab.upstream.rate-limit.sign-in); try again in " + seconds + " s", LOGIN, List.of());
        return Response.fromResponse(problem).header("Retry-After", seconds).build();
    }
}
