package org.strategylab.edge.auth;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.smallrye.jwt.auth.principal.DefaultJWTParser;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.ParseException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.lang.JoseException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class VerifiedTokenParserTest {

    private static final String ISSUER = "strategylab-local";
    private static KeyPair keys;
    private static KeyPair otherKeys;

    @BeforeAll
    static void keys() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        keys = generator.generateKeyPair();
        otherKeys = generator.generateKeyPair();
    }

    @Test
    void aVerifiedTokenIsTakenAsItWasUntilItExpires() throws Exception {
        VerifiedTokenParser parser = parser(10_000);
        String token = token(keys, "alice", 2);
        var first = parser.parse(token);
        assertEquals("alice", first.getSubject());
        assertSame(first, parser.parse(token), "remembered, not verified again");
        // remembered or not, an expired token is refused
        await().atMost(Duration.ofSeconds(30)).until(() -> refused(parser, token));
        assertThrows(ParseException.class, () -> parser.parse(token));
    }

    @Test
    void aTokenThatDoesNotVerifyIsRefusedEveryTime() throws Exception {
        VerifiedTokenParser parser = parser(10_000);
        String forged = token(otherKeys, "mallory", 3600);
        assertThrows(ParseException.class, () -> parser.parse(forged));
        assertThrows(ParseException.class, () -> parser.parse(forged));
        assertThrows(ParseException.class, () -> parser.parse("not.a.token"));
    }

    @Test
    void withNoRoomEveryTokenIsVerifiedAgain() throws Exception {
        VerifiedTokenParser parser = parser(0);
        String token = token(keys, "bob", 3600);
        var first = parser.parse(token);
        assertEquals("bob", first.getSubject());
        await().atMost(Duration.ofSeconds(10)).until(() -> parser.parse(token) != first);
        assertNotSame(first, parser.parse(token));
    }

    private static boolean refused(VerifiedTokenParser parser, String token) {
        try {
            parser.parse(token);
            return false;
        } catch (ParseException e) {
            return true;
        }
    }

    private static VerifiedTokenParser parser(int maxSize) {
        JWTAuthContextInfo context = new JWTAuthContextInfo(keys.getPublic(), ISSUER);
        context.setExpGracePeriodSecs(1); // a second of clock skew (0 would turn the expiry check off)
        AuthConfig settings = AuthSettings.of(AuthConfig.Mode.LOCAL, ISSUER, null, maxSize);
        return new VerifiedTokenParser(new DefaultJWTParser(context), settings,
                new OnBehalfOf(settings, java.util.Optional.empty(), new DefaultJWTParser()));
    }

    private static String token(KeyPair signer, String subject, int lifetimeSeconds) throws JoseException {
        JwtClaims claims = new JwtClaims();
        claims.setIssuer(ISSUER);
        claims.setSubject(subject);
        claims.setIssuedAtToNow();
        claims.setExpirationTimeMinutesInTheFuture(lifetimeSeconds / 60f);
        claims.setGeneratedJwtId();
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(claims.toJson());
        jws.setKey(signer.getPrivate());
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
        return jws.getCompactSerialization();
    }
}
