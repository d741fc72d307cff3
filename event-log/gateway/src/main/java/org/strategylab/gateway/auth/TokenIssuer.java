package org.strategylab.gateway.auth;

import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.util.KeyUtils;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.strategylab.edge.auth.AuthConfig;

/**
 * Signs caller tokens for local users (local mode only): RS256 with the configured private key,
 * issuer, audience and lifetime from {@code strategylab.auth.*}; the subject is the user id, and a
 * random {@code jti} names the token on the sign-out deny-list.
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
        Instant now = Instant.now();
        Instant expiresAt = now.plus(auth.tokenLifetime());
        var claims = Jwt.issuer(auth.issuer()).subject(userId).upn(userId).claim("jti", UUID.randomUUID().toString())
                .issuedAt(now).expiresAt(expiresAt);
        if (auth.audience().isPresent()) {
            claims = claims.audience(auth.audience().get());
        }
        String token = claims.jws().algorithm(io.smallrye.jwt.algorithm.SignatureAlgorithm.RS256).sign(key());
        return new IssuedToken(userId, token, expiresAt);
    }

    private PrivateKey key() {
        PrivateKey current = key;
        if (current == null) {
            Optional<String> location = auth.signingKey();
            try {
                current = KeyUtils.decodePrivateKey(readPem(location.orElseThrow()));
            } catch (Exception e) {
                throw new IllegalStateException("strategylab.auth.signing-key cannot be read: " + location.orElse(""), e);
            }
            key = current;
        }
        return current;
    }

    /**
     * Reads a PEM from {@code file:…}, {@code classpath:…}, or a bare location: a file when one
     * exists there, otherwise a classpath resource (as the test keys are).
     */
    static String readPem(String location) throws IOException {
        if (location.startsWith("classpath:")) {
            return classpath(location.substring("classpath:".length()));
        }
        Path file = Path.of(location.startsWith("file:") ? location.substring("file:".length()) : location);
        if (Files.isRegularFile(file)) {
            return Files.readString(file, StandardCharsets.US_ASCII);
        }
        return classpath(location);
    }

    private static String classpath(String resource) throws IOException {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no file or classpath resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
    }
}
