package org.strategylab.gateway.auth;

import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jboss.logging.Logger;
import org.strategylab.edge.auth.AuthConfig;

/**
 * Verifies the caller token of a request at the gateway: from the {@code Authorization: Bearer}
 * header, else from the HttpOnly cookie. The gateway resolves callers itself (instead of Quarkus'
 * proactive authentication) so that a stale cookie never blocks the public pages and catalog.
 */
@ApplicationScoped
public class CallerTokens {

    private static final Logger LOG = Logger.getLogger(CallerTokens.class);

    @Inject
    JWTParser parser;

    @Inject
    AuthConfig auth;

    /**
     * A verified caller.
     *
     * @param userId the token's subject
     * @param token  the raw token, forwarded to services as a bearer header
     */
    public record VerifiedCaller(String userId, String token) {
    }

    /** The verified caller of the request, or empty when it carries no valid token. */
    public Optional<VerifiedCaller> verify(HttpServerRequest request) {
        String token = bearer(request.getHeader("Authorization"));
        if (token == null) {
            Cookie cookie = request.getCookie(auth.cookie());
            token = cookie == null ? null : cookie.getValue();
        }
        if (token == null || token.isBlank()) {
            return Optional.empty();
        }
        try {
            JsonWebToken jwt = parser.parse(token);
            String subject = jwt.getSubject();
            return subject == null || subject.isBlank() ? Optional.empty()
                    : Optional.of(new VerifiedCaller(subject, token));
        } catch (ParseException e) {
            LOG.debugf("rejected a caller token: %s", e.getMessage());
            return Optional.empty();
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
