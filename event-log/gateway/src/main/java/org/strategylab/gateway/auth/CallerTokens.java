package org.strategylab.gateway.auth;

import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jboss.logging.Logger;
import org.strategylab.edge.auth.AuthConfig;

/**
 * Verifies the caller token of a request at the gateway: from the {@code Authorization: Bearer}
 * header, else from the HttpOnly cookie. The gateway resolves callers itself (instead of Quarkus'
 * proactive authentication) so that a stale cookie never blocks the public pages and catalog. A
 * token that was signed out ({@link RevokedTokens}) is no longer valid, though it has not expired.
 */
@ApplicationScoped
public class CallerTokens {

    private static final Logger LOG = Logger.getLogger(CallerTokens.class);

    @Inject
    JWTParser parser;

    @Inject
    AuthConfig auth;

    @Inject
    RevokedTokens revoked;

    /**
     * A verified caller.
     *
     * @param userId    the token's subject
     * @param token     the raw token, forwarded to services as a bearer header
     * @param tokenId   what the deny-list knows the token by: its {@code jti}, or a hash of the token
     * @param expiresAt when the token expires
     * @param viaCookie whether it came in the session cookie (a browser) rather than a bearer header
     */
    public record VerifiedCaller(String userId, String token, String tokenId, Instant expiresAt, boolean viaCookie) {
    }

    /** The verified caller of the request, or empty when it carries no valid token. */
    public Optional<VerifiedCaller> verify(HttpServerRequest request) {
        String token = bearer(request.getHeader("Authorization"));
        boolean viaCookie = false;
        if (token == null) {
            Cookie cookie = request.getCookie(auth.cookie());
            token = cookie == null ? null : cookie.getValue();
            viaCookie = true;
        }
        if (token == null || token.isBlank()) {
            return Optional.empty();
        }
        try {
            JsonWebToken jwt = parser.parse(token);
            String subject = jwt.getSubject();
            if (subject == null || subject.isBlank()) {
                return Optional.empty();
            }
            String tokenId = tokenId(jwt.getTokenID(), token);
            if (revoked.isRevoked(tokenId)) {
                LOG.debugf("rejected a signed-out caller token of %s", subject);
                return Optional.empty();
            }
            return Optional.of(new VerifiedCaller(subject, token, tokenId,
                    Instant.ofEpochSecond(jwt.getExpirationTime()), viaCookie));
        } catch (ParseException e) {
            LOG.debugf("rejected a caller token: %s", e.getMessage());
            return Optional.empty();
        }
    }

    /** The token's {@code jti}, or (for a provider that sets none) a SHA-256 of the whole token. */
    static String tokenId(String jti, String token) {
        if (jti != null && !jti.isBlank()) {
            return jti;
        }
        try {
            return "sha256:" + HexFormat.of().formatHex(
                    MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    private static String bearer(String header) {
        if (header == null) {
            return null;
        }
        String trimmed = header.trim();
        if (trimmed.length() > 7 && trimmed.substring(0, 7).toLowerCase(Locale.ROOT).equals("bearer ")) {
            return trimmed.substring(7).trim();
        }
        return null;
    }
}
