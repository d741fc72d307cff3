package org.strategylab.edge.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.smallrye.jwt.auth.principal.DefaultJWTParser;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Inject;
import java.security.PrivateKey;
import java.security.PublicKey;
import javax.crypto.SecretKey;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * The caller-token parser of every service and the gateway: smallrye-jwt's own, which remembers
 * the tokens it has verified. A signed-in user sends the same token with every request, and each
 * hop (gateway, service, upstream-gateway) checked its RS256 signature again, 1–4 ms apiece on a
 * busy machine. A token it verified within {@code strategylab.auth.verified-tokens.max-age} is
 * taken as it was then while it has not expired; from its expiry on it is verified every time,
 * so smallrye-jwt's clock skew ({@code mp.jwt.verify.clock.skew}) decides as before. At most
 * {@code max-size} are kept. The gateway's deny-list of signed-out tokens is
 * consulted after parsing, so a sign-out takes effect as before. A worker's on-behalf-of assertion
 * ({@link OnBehalfOf}) is recognised by its issuer and verified by {@link OnBehalfOf#verify}.
 */
@Alternative
@Priority(1)
@ApplicationScoped
public class VerifiedTokenParser implements JWTParser {

    private final DefaultJWTParser verifier;
    private final Cache<String, JsonWebToken> verified;

    private final OnBehalfOf onBehalfOf;

    @Inject
    VerifiedTokenParser(DefaultJWTParser verifier, AuthConfig config, OnBehalfOf onBehalfOf) {
        this.verifier = verifier;
        this.onBehalfOf = onBehalfOf;
        this.verified = Caffeine.newBuilder().maximumSize(config.verifiedTokens().maxSize())
                .expireAfterWrite(config.verifiedTokens().maxAge()).build();
    }

    @Override
    public JsonWebToken parse(String token) throws ParseException {
        JsonWebToken known = verified.getIfPresent(token);
        if (known != null && unexpired(known)) {
            return known;
        }
        // only on a miss: a user's next requests must not pay for reading the claims once more
        if (onBehalfOf.claimsToBeOne(token)) {
            // a worker acting for its operation's user: verified against the services' key and this
            // service's audience, never against the user tokens' key (and so never cached with them)
            return onBehalfOf.verify(token);
        }
        verified.invalidate(token);
        JsonWebToken jwt = verifier.parse(token); // throws when it is not (or no longer) valid
        if (unexpired(jwt)) { // past its expiry, within the clock skew, it is verified every time
            verified.put(token, jwt);
        }
        return jwt;
    }

    private static boolean unexpired(JsonWebToken jwt) {
        return jwt.getExpirationTime() * 1000 > System.currentTimeMillis();
    }

    @Override
    public JsonWebToken parse(String token, JWTAuthContextInfo context) throws ParseException {
        return verifier.parse(token, context);
    }

    @Override
    public JsonWebToken verify(String token, PublicKey key) throws ParseException {
        return verifier.verify(token, key);
    }

    @Override
    public JsonWebToken verify(String token, SecretKey key) throws ParseException {
        return verifier.verify(token, key);
    }

    @Override
    public JsonWebToken verify(String token, String secret) throws ParseException {
        return verifier.verify(token, secret);
    }

    @Override
    public JsonWebToken decrypt(String token, PrivateKey key) throws ParseException {
        return verifier.decrypt(token, key);
    }

    @Override
    public JsonWebToken decrypt(String token, SecretKey key) throws ParseException {
        return verifier.decrypt(token, key);
    }

    @Override
    public JsonWebToken decrypt(String token, String secret) throws ParseException {
        return verifier.decrypt(token, secret);
    }

    @Override
    public JsonWebToken parseOnly(String token) throws ParseException {
        return verifier.parseOnly(token);
    }
}
