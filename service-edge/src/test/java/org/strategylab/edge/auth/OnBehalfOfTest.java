package org.strategylab.edge.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.smallrye.jwt.auth.principal.DefaultJWTParser;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.ParseException;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.junit.jupiter.api.Test;

/** The workers' on-behalf-of assertions: who accepts them, for how long, and who never does. */
class OnBehalfOfTest {

    private static final String PEER_SECRET = "on-behalf-of-test-peer-secret-0123456789abcdef";

    @Test
    void aSiblingNamedInTheAudienceTakesItAsTheUserOfTheOperation() throws Exception {
        OnBehalfOf worker = service(null, PEER_SECRET);
        OnBehalfOf upstream = service("upstream-gateway", PEER_SECRET);
        String assertion = worker.mint("alice", "op-1", List.of("upstream-gateway"), Duration.ofMinutes(30));

        assertTrue(upstream.claimsToBeOne(assertion));
        JsonWebToken jwt = upstream.verify(assertion);
        assertEquals("alice", jwt.getSubject());
        assertEquals("op-1", jwt.getClaim(OnBehalfOf.OPERATION_CLAIM).toString());
        assertTrue(jwt.getExpirationTime() - jwt.getIssuedAtTime() >= Duration.ofMinutes(30).toSeconds(),
                "it lasts the operation's limit, not a caller token's");
    }

    @Test
    void aServiceOutsideTheAudienceOrAcceptingNoneRefusesIt() {
        String assertion = service(null, PEER_SECRET).mint("alice", "op-1", List.of("upstream-gateway"), Duration.ofMinutes(5));
        assertThrows(ParseException.class, () -> service("experiment-service", PEER_SECRET).verify(assertion));
        // the gateway (the front door) names no audience: no assertion is a user there
        assertThrows(ParseException.class, () -> service(null, PEER_SECRET).verify(assertion));
    }

    @Test
    void anExpiredOneOrOneSignedWithAnotherKeyIsRefused() {
        OnBehalfOf upstream = service("upstream-gateway", PEER_SECRET);
        String expired = service(null, PEER_SECRET).mint("alice", "op-1", List.of("upstream-gateway"), Duration.ofMinutes(-5));
        assertThrows(ParseException.class, () -> upstream.verify(expired));
        String foreign = service(null, "another-deployments-peer-secret-0123456789abcdef")
                .mint("alice", "op-1", List.of("upstream-gateway"), Duration.ofMinutes(5));
        assertThrows(ParseException.class, () -> upstream.verify(foreign));
        String tampered = tamper(service(null, PEER_SECRET).mint("alice", "op-1", List.of("upstream-gateway"), Duration.ofMinutes(5)));
        assertThrows(ParseException.class, () -> upstream.verify(tampered));
    }

    @Test
    void withoutKeyOrPeerSecretOnlyTheDevelopmentKeyIsUsedAndSaidSo() {
        assertTrue(service(null, null).usesDevelopmentKey());
        assertFalse(service(null, PEER_SECRET).usesDevelopmentKey());
        AuthConfig keyed = AuthSettings.of(AuthConfig.Mode.LOCAL, "strategylab-local", null, 0, null, "k".repeat(40));
        assertFalse(new OnBehalfOf(keyed, Optional.empty(), new DefaultJWTParser()).usesDevelopmentKey());
    }

    @Test
    void aUserTokenIsNotTakenForAnAssertionAndTheUserTokenParserRefusesAssertions() throws Exception {
        var keys = KeyPairGenerator.getInstance("RSA");
        keys.initialize(2048);
        JWTAuthContextInfo userTokens = new JWTAuthContextInfo(keys.generateKeyPair().getPublic(), "strategylab-local");
        AuthConfig settings = AuthSettings.of(AuthConfig.Mode.LOCAL, "strategylab-local", null, 100, null, null);
        OnBehalfOf none = new OnBehalfOf(settings, Optional.of(PEER_SECRET), new DefaultJWTParser());
        VerifiedTokenParser gatewayParser = new VerifiedTokenParser(new DefaultJWTParser(userTokens), settings, none);
        String assertion = service(null, PEER_SECRET).mint("alice", "op-1", List.of("upstream-gateway"), Duration.ofMinutes(5));
        assertThrows(ParseException.class, () -> gatewayParser.parse(assertion), "the public gateway refuses it");
        assertFalse(none.claimsToBeOne("not.a.token"));
    }

    private static OnBehalfOf service(String audience, String peerSecret) {
        AuthConfig settings = AuthSettings.of(AuthConfig.Mode.LOCAL, "strategylab-local", null, 0, audience, null);
        return new OnBehalfOf(settings, Optional.ofNullable(peerSecret), new DefaultJWTParser());
    }

    /** The same header and signature over a payload that names another user. */
    private static String tamper(String jwt) {
        String[] parts = jwt.split("\\.");
        java.util.Base64.Decoder decoder = java.util.Base64.getUrlDecoder();
        String payload = new String(decoder.decode(parts[1]), java.nio.charset.StandardCharsets.UTF_8).replace("alice", "mallory");
        return parts[0] + "." + java.util.Base64.getUrlEncoder().withoutPadding()
                .encodeToString(payload.getBytes(java.nio.charset.StandardCharsets.UTF_8)) + "." + parts[2];
    }
}
