package org.strategylab.edge.auth;

import io.smallrye.jwt.algorithm.SignatureAlgorithm;
import io.smallrye.jwt.auth.principal.DefaultJWTParser;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.ParseException;
import io.smallrye.jwt.build.Jwt;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Optional;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Short signed "on behalf of" assertions, so a worker acts for its operation's user without the
 * user's own token ever leaving the request that started the work (commands on Kafka carry the
 * user's id, never a credential). A worker mints one when it takes the operation: HS256, issuer
 * {@value #ISSUER}, subject the user, audience the sibling services it calls, claim {@value #OPERATION_CLAIM}
 * the operation, expiry the operation's own limit, so a run outlives a caller token that lives
 * five minutes. It is useless at the public gateway (which accepts only user tokens, and is no
 * audience), useless without the service-to-service credential (every service requires it), useless
 * for a service not named in its audience, and useless after its operation's limit.
 *
 * <p>The key is {@code strategylab.auth.on-behalf-of.key}, else HMAC-SHA256 of the service-to-service
 * secret (so a deployment needs no new secret), else a fixed development key.
 */
@ApplicationScoped
public class OnBehalfOf {

    /** The issuer of every assertion; a user token never has it. */
    public static final String ISSUER = "strategylab-on-behalf-of";
    /** The claim naming the operation the assertion was minted for. */
    public static final String OPERATION_CLAIM = "op";

    static final String DEVELOPMENT_KEY = "strategylab-development-on-behalf-of-key-not-for-shared-machines";

    private final SecretKey key;
    private final Optional<String> audience;
    private final boolean developmentKey;
    private final DefaultJWTParser parser;

    @Inject
    OnBehalfOf(AuthConfig auth, @ConfigProperty(name = "strategylab.peer.secret") Optional<String> peerSecret,
               DefaultJWTParser parser) {
        this.parser = parser;
        this.audience = auth.onBehalfOf().audience().filter(value -> !value.isBlank());
        Optional<String> configured = auth.onBehalfOf().key().filter(value -> !value.isBlank());
        if (configured.isPresent() && configured.get().length() < 32) {
            // HS256 wants a key of 256 bits at least; a shorter one would fail at the first assertion
            throw new IllegalStateException("strategylab.auth.on-behalf-of.key must be at least 32 characters");
        }
        Optional<String> peer = peerSecret.filter(value -> !value.isBlank());
        this.developmentKey = configured.isEmpty() && peer.isEmpty();
        this.key = configured.map(OnBehalfOf::keyOf)
                .or(() -> peer.map(secret -> derived(secret)))
                .orElseGet(() -> keyOf(DEVELOPMENT_KEY));
    }

    /** Whether assertions are signed with the fixed development key (no key and no peer secret set). */
    public boolean usesDevelopmentKey() {
        return developmentKey;
    }

    /**
     * An assertion that {@code userId} asked for {@code operationId}, for the named services.
     *
     * @param lifetime how long it is valid: the operation's own limit
     */
    public String mint(String userId, String operationId, Collection<String> audiences, Duration lifetime) {
        Instant now = Instant.now();
        return Jwt.issuer(ISSUER).subject(userId).upn(userId).audience(Set.copyOf(audiences))
                .claim(OPERATION_CLAIM, operationId)
                .issuedAt(now).expiresAt(now.plus(lifetime))
                .jws().algorithm(SignatureAlgorithm.HS256).sign(key);
    }

    /** Whether a token claims to be an assertion (by its unverified issuer); only then is {@link #verify} asked. */
    public boolean claimsToBeOne(String token) {
        try {
            JsonWebToken unverified = parser.parseOnly(token);
            return unverified != null && ISSUER.equals(unverified.getIssuer());
        } catch (ParseException e) {
            return false;
        }
    }

    /**
     * Verifies an assertion addressed to this service: signature, issuer, audience, expiry.
     *
     * @throws ParseException when it is not one, not for this service (or this service accepts none), or expired
     */
    public JsonWebToken verify(String token) throws ParseException {
        if (audience.isEmpty()) {
            throw new ParseException("this service accepts no on-behalf-of assertion");
        }
        JWTAuthContextInfo context = new JWTAuthContextInfo(key, ISSUER);
        context.setSignatureAlgorithm(Set.of(SignatureAlgorithm.HS256));
        context.setExpectedAudience(Set.of(audience.get()));
        JsonWebToken jwt = parser.parse(token, context);
        if (jwt.getClaim(OPERATION_CLAIM) == null || jwt.getSubject() == null) {
            throw new ParseException("an on-behalf-of assertion names its user and operation");
        }
        return jwt;
    }

    private static SecretKey keyOf(String text) {
        return new SecretKeySpec(text.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
    }

    /** A key of its own purpose from the peer secret: knowing an assertion's key never gives the secret. */
    private static SecretKey derived(String peerSecret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(keyOf(peerSecret));
            return new SecretKeySpec(mac.doFinal("strategylab on-behalf-of v1".getBytes(StandardCharsets.UTF_8)), "HmacSHA256");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }
}
