package org.strategylab.gateway.auth;

import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.util.KeyUtils;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.security.PrivateKey;
import java.time.Instant;
import java.util.Optional;
import org.strategylab.edge.auth.AuthConfig;

/**
 * Signs caller tokens for local users (local mode only): RS256 with the configured private key,
 * issuer and lifetime from {@code strategylab.auth.*}; the subject is the user id.
 */
@ApplicationScoped
public class TokenIssuer {

    @Inject
    AuthConfig auth;

    private volatile PrivateKey key;

    /** A signed token and when it expires. */
    public record IssuedToken(String userId, String token, Instant expiresAt) {
    }

    /** Whether this gateway can issue tokens (local mode with a signing key). */
    public boolean available() {
        return auth.mode() == AuthConfig.Mode.LOCAL && auth.signingKey().isPresent();
    }

    /** Issues a token for the user. */
    public IssuedToken issue(String userId) {
        Instant expiresAt = Instant.now().plus(auth.tokenLifetime());
        String token = Jwt.issuer(auth.issuer()).subject(userId).upn(userId)
                .issuedAt(Instant.now()).expiresAt(expiresAt).sign(key());
        return new IssuedToken(userId, token, expiresAt);
    }

    private PrivateKey key() {
        PrivateKey current = key;
        if (current == null) {
            Optional<String> location = auth.signingKey();
            try {
                current = KeyUtils.readPrivateKey(location.orElseThrow());
            } catch (Exception e) {
                throw new IllegalStateException("strategylab.auth.signing-key cannot be read: " + location.orElse(""), e);
            }
            key = current;
        }
        return current;
    }
}
