package org.strategylab.gateway.rest;

import io.smallrye.mutiny.Uni;
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
import java.util.Locale;
import java.util.Optional;
import org.strategylab.edge.auth.AuthConfig;
import org.strategylab.edge.auth.Caller;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.gateway.auth.CallerTokens;
import org.strategylab.gateway.auth.RevokedTokens;
import org.strategylab.gateway.auth.TokenIssuer;

/**
 * Who am I, sign-in for local users, renewal and sign-out. The sign-in and renew endpoints exist
 * only in local mode ({@code strategylab.auth.mode=local}); with an external identity provider
 * they answer 404. Sign-out revokes the token it is sent with (every replica refuses it from then
 * on, {@link RevokedTokens}) and clears the cookie.
 */
@Path("/api/v1/auth")
public class AuthResource {

    /** The optional sign-in body: a local user name, {@code local-user} when absent. */
    public record SignIn(
            @Pattern(regexp = "[A-Za-z0-9._@-]{1,64}", message = "must be 1-64 letters, digits, '.', '_', '@' or '-'")
            String userId) {
    }

    /** The signed-in caller and when the token expires. */
    public record Me(String userId, String authMode, Instant expiresAt) {
    }

    /** How this gateway signs people in; {@code passwords} is false in local mode, and the page says so. */
    public record Mode(String authMode, boolean passwords) {
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

    @Inject
    RevokedTokens revoked;

    @GET
    @Path("/mode")
    public Mode mode() {
        return new Mode(modeName(), auth.mode() != AuthConfig.Mode.LOCAL);
    }

    @POST
    @Path("/local/sign-in")
    public Response signIn(@Valid SignIn body, @Context HttpServerRequest request) {
        requireLocalIssuer();
        String userId = body == null || body.userId() == null ? "local-user" : body.userId();
        return session(issuer.issue(userId), request);
    }

    /**
     * A fresh token for the caller, while the current one is still valid (the page calls it before
     * expiry); the old one is revoked, so each session has one live token at a time.
     */
    @POST
    @Path("/local/renew")
    public Uni<Response> renew(@Context HttpServerRequest request) {
        requireLocalIssuer();
        CallerTokens.VerifiedCaller caller = tokens.verify(request).orElseThrow(Caller::unauthenticated);
        TokenIssuer.IssuedToken fresh = issuer.issue(caller.userId());
        return revoked.revoke(caller.tokenId(), caller.expiresAt()).map(done -> session(fresh, request));
    }

    @POST
    @Path("/sign-out")
    public Uni<Response> signOut(@Context HttpServerRequest request) {
        NewCookie cleared = cookie(request, "", 0);
        Optional<CallerTokens.VerifiedCaller> caller = tokens.verify(request);
        Uni<Void> revoking = caller.isPresent() ? revoked.revoke(caller.get().tokenId(), caller.get().expiresAt())
                : Uni.createFrom().voidItem();
        return revoking.map(done -> Response.noContent().cookie(cleared).build());
    }

    @GET
    @Path("/me")
    public Me me(@Context HttpServerRequest request) {
        return tokens.verify(request)
                .map(caller -> new Me(caller.userId(), modeName(), caller.expiresAt()))
                .orElseThrow(Caller::unauthenticated);
    }

    private void requireLocalIssuer() {
        if (auth.mode() != AuthConfig.Mode.LOCAL) {
            throw ProblemException.notFound("NOT_FOUND", "Local sign-in is off: sign in with the identity provider");
        }
        if (!issuer.available()) {
            throw new ProblemException(503, "SIGN_IN_UNAVAILABLE", "Service Unavailable",
                    "Local sign-in needs strategylab.auth.signing-key", List.of());
        }
    }

    private Response session(TokenIssuer.IssuedToken token, HttpServerRequest request) {
        NewCookie cookie = cookie(request, token.token(), (int) auth.tokenLifetime().toSeconds());
        return Response.ok(new Session(token.userId(), token.token(), token.expiresAt()), MediaType.APPLICATION_JSON)
                .cookie(cookie).build();
    }

    /**
     * The session cookie: HttpOnly, SameSite=Lax, and Secure when configured or whenever the
     * request came over HTTPS (its scheme, or the forwarded one from a proxy Quarkus trusts).
     */
    private NewCookie cookie(HttpServerRequest request, String value, int maxAge) {
        boolean secure = auth.secureCookie() || "https".equalsIgnoreCase(request.scheme());
        return new NewCookie.Builder(auth.cookie()).value(value).path("/").httpOnly(true).secure(secure)
                .sameSite(NewCookie.SameSite.LAX).maxAge(maxAge).build();
    }

    private String modeName() {
        return auth.mode().name().toLowerCase(Locale.ROOT);
    }
}
