package org.strategylab.gateway.rest;

import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.util.List;
import org.strategylab.edge.auth.AuthConfig;
import org.strategylab.edge.auth.Caller;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.gateway.auth.CallerTokens;
import org.strategylab.gateway.auth.TokenIssuer;

/**
 * Who am I, sign-in for local users and sign-out. The sign-in endpoint exists only in local mode
 * ({@code strategylab.auth.mode=local}); with an external identity provider it answers 404.
 */
@Path("/api/v1/auth")
public class AuthResource {

    /** The optional sign-in body: a local user name, {@code local-user} when absent. */
    public record SignIn(
            @Pattern(regexp = "[A-Za-z0-9._@-]{1,64}", message = "must be 1-64 letters, digits, '.', '_', '@' or '-'")
            String userId) {
    }

    /** The signed-in caller. */
    public record Me(String userId, String authMode) {
    }

    /** A fresh local session; the token is also set as an HttpOnly cookie. */
    public record Session(String userId, String token, Instant expiresAt) {
    }

    @Inject
    AuthConfig auth;

    @Inject
    TokenIssuer issuer;

    @Inject
    CallerTokens tokens;

    @POST
    @Path("/local/sign-in")
    public Response signIn(@Valid SignIn body) {
        if (auth.mode() != AuthConfig.Mode.LOCAL) {
            throw ProblemException.notFound("NOT_FOUND", "Local sign-in is off: sign in with the identity provider");
        }
        if (!issuer.available()) {
            throw new ProblemException(503, "SIGN_IN_UNAVAILABLE", "Service Unavailable",
                    "Local sign-in needs strategylab.auth.signing-key", List.of());
        }
        String userId = body == null || body.userId() == null ? "local-user" : body.userId();
        TokenIssuer.IssuedToken token = issuer.issue(userId);
        NewCookie cookie = new NewCookie.Builder(auth.cookie())
                .value(token.token())
                .path("/")
                .httpOnly(true)
                .secure(auth.secureCookie())
                .sameSite(NewCookie.SameSite.LAX)
                .maxAge((int) auth.tokenLifetime().toSeconds())
                .build();
        return Response.ok(new Session(userId, token.token(), token.expiresAt()), MediaType.APPLICATION_JSON)
                .cookie(cookie).build();
    }

    @POST
    @Path("/sign-out")
    public Response signOut() {
        NewCookie cleared = new NewCookie.Builder(auth.cookie()).value("").path("/").httpOnly(true)
                .secure(auth.secureCookie()).sameSite(NewCookie.SameSite.LAX).maxAge(0).build();
        return Response.noContent().cookie(cleared).build();
    }

    @GET
    @Path("/me")
    public Me me(@Context HttpServerRequest request) {
        return tokens.verify(request)
                .map(caller -> new Me(caller.userId(), auth.mode().name().toLowerCase(java.util.Locale.ROOT)))
                .orElseThrow(Caller::unauthenticated);
    }
}
