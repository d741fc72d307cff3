package org.strategylab.testsupport;

import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.util.KeyUtils;
import java.security.PrivateKey;
import java.time.Duration;

/**
 * Caller tokens for tests, signed with test-support's throw-away key pair
 * ({@code strategylab-test-keys/}), which every service trusts in the test profile.
 */
public final class TestTokens {

    /** The issuer every service expects by default. */
    public static final String ISSUER = "strategylab-local";

    /**
     * The audience test tokens name. A service checks it only where {@code strategylab.auth.audience}
     * is set (the gateway's tests set it to this).
     */
    public static final String AUDIENCE = "strategylab";

    private static volatile PrivateKey key;

    private TestTokens() {
    }

    /** A valid token for the user, good for an hour. */
    public static String forUser(String userId) {
        return Jwt.issuer(ISSUER).audience(AUDIENCE).subject(userId).upn(userId).expiresIn(Duration.ofHours(1))
                .sign(privateKey());
    }

    /** A valid token for the user that expires after {@code lifetime} (an identity provider's short access token). */
    public static String forUser(String userId, Duration lifetime) {
        return Jwt.issuer(ISSUER).audience(AUDIENCE).subject(userId).upn(userId).expiresIn(lifetime).sign(privateKey());
    }

    /** The {@code Authorization} header value for the user. */
    public static String bearer(String userId) {
        return "Bearer " + forUser(userId);
    }

    /** A token that expired a minute ago. */
    public static String expired(String userId) {
        long now = System.currentTimeMillis() / 1000;
        return Jwt.issuer(ISSUER).audience(AUDIENCE).subject(userId).upn(userId).issuedAt(now - 3600)
                .expiresAt(now - 60).sign(privateKey());
    }

    /** A token from an issuer no service trusts. */
    public static String foreignIssuer(String userId) {
        return Jwt.issuer("someone-else").audience(AUDIENCE).subject(userId).upn(userId).expiresIn(Duration.ofHours(1))
                .sign(privateKey());
    }

    /** A token of the right issuer and key, but for another application (audience). */
    public static String foreignAudience(String userId) {
        return Jwt.issuer(ISSUER).audience("another-application").subject(userId).upn(userId)
                .expiresIn(Duration.ofHours(1)).sign(privateKey());
    }

    /** The test-support private key, for tests that sign unusual tokens themselves. */
    public static PrivateKey signingKey() {
        return privateKey();
    }

    private static PrivateKey privateKey() {
        PrivateKey current = key;
        if (current == null) {
            try {
                current = KeyUtils.readPrivateKey("strategylab-test-keys/private.pem");
            } catch (Exception e) {
                throw new IllegalStateException("test key strategylab-test-keys/private.pem is unreadable", e);
            }
            key = current;
        }
        return current;
    }
}
