package org.strategylab.gateway.auth;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import io.smallrye.jwt.algorithm.SignatureAlgorithm;
import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.build.Jwt;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Base64;
import javax.crypto.spec.SecretKeySpec;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.junit.jupiter.api.Test;
import org.strategylab.gateway.routing.FakeServicesResource;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.PostgresResource;
import org.strategylab.testsupport.TestTokens;

/** Issue 11 point 3: pinned algorithm, audience, short local tokens with renewal, revocation, Secure cookie. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = PostgresResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = FakeServicesResource.class, restrictToAnnotatedClass = false)
class TokenLifecycleTest {

    @TestHTTPResource("/")
    URI root;

    @Inject
    Pool pool;

    @Inject
    JWTParser parser;

    private String ownOrigin() {
        return "http://" + root.getHost() + ":" + root.getPort();
    }

    private ExtractableResponse<Response> signIn(String userId) {
        return given().contentType("application/json").body("{\"userId\":\"" + userId + "\"}")
                .post("/api/v1/auth/local/sign-in").then().statusCode(200).extract();
    }

    private static JsonObject claims(String token) {
        return new JsonObject(new String(Base64.getUrlDecoder().decode(token.split("\\.")[1]), StandardCharsets.UTF_8));
    }

    @Test
    void localTokensAreShortLivedRs256WithAnIdAndTheAudience() {
        String token = signIn("dora").path("token");
        JsonObject header = new JsonObject(new String(Base64.getUrlDecoder().decode(token.split("\\.")[0]),
                StandardCharsets.UTF_8));
        assertEquals("RS256", header.getString("alg"));
        JsonObject claims = claims(token);
        assertEquals(3600, claims.getLong("exp") - claims.getLong("iat"));
        assertFalse(claims.getString("jti", "").isBlank());
        assertEquals(TestTokens.AUDIENCE, claims.getValue("aud") instanceof String s ? s
                : claims.getJsonArray("aud").getString(0));
    }

    @Inject
    org.strategylab.edge.auth.OnBehalfOf onBehalfOf;

    @Test
    void aWorkersOnBehalfOfAssertionIsNoUserAtThePublicGateway() {
        // signed with the key every service shares (from the peer secret), addressed to both services
        String assertion = onBehalfOf.mint("erin", "op-1", java.util.List.of("upstream-gateway", "experiment-service"),
                java.time.Duration.ofMinutes(30));
        given().header("Authorization", "Bearer " + assertion).get("/api/v1/auth/me").then().statusCode(401);
        given().header("Authorization", "Bearer " + assertion).get("/api/v1/experiments/x").then().statusCode(401);
        given().cookie("strategylab-auth", assertion).get("/api/v1/auth/me").then().statusCode(401);
    }

    @Test
    void signOutRevokesTheTokenEverywhereOnTheGateway() {
        String token = signIn("erin").path("token");
        given().header("Authorization", "Bearer " + token).get("/api/v1/experiments/x").then().statusCode(502);
        given().header("Authorization", "Bearer " + token).post("/api/v1/auth/sign-out").then().statusCode(204);
        given().header("Authorization", "Bearer " + token).get("/api/v1/auth/me").then().statusCode(401);
        // no longer forwarded to a service either: the protected route answers 401 itself
        given().header("Authorization", "Bearer " + token).get("/api/v1/experiments/x").then().statusCode(401);
        given().cookie("strategylab-auth", token).get("/api/v1/operations/active").then().statusCode(401);
    }

    @Test
    void aTokenRevokedByAnotherReplicaIsRefusedAfterTheNextReload() {
        String token = signIn("fred").path("token");
        given().header("Authorization", "Bearer " + token).get("/api/v1/auth/me").then().statusCode(200);
        // another gateway replica signed it out: it only wrote the shared row
        pool.preparedQuery("INSERT INTO event_log.revoked_tokens (token_id, expires_at) VALUES ($1, $2)")
                .execute(Tuple.of(claims(token).getString("jti"), OffsetDateTime.now().plusHours(1)))
                .await().atMost(Duration.ofSeconds(10));
        await().atMost(Duration.ofSeconds(30)).until(() ->
                given().header("Authorization", "Bearer " + token).get("/api/v1/auth/me").statusCode() == 401);
    }

    @Test
    void verifiedTokensAreRememberedByTheParserTheGatewayAndServicesUse() throws Exception {
        String token = TestTokens.forUser("hana");
        JsonWebToken first = parser.parse(token);
        assertEquals("hana", first.getSubject());
        assertSame(first, parser.parse(token), "the second parse took the verified token as it was");
    }

    @Test
    void renewalIssuesAFreshTokenAndRetiresTheOldOne() {
        String old = signIn("gina").cookie("strategylab-auth");
        ExtractableResponse<Response> renewed = given().cookie("strategylab-auth", old).header("Origin", ownOrigin())
                .post("/api/v1/auth/local/renew").then().statusCode(200).body("userId", equalTo("gina")).extract();
        String fresh = renewed.cookie("strategylab-auth");
        assertNotEquals(old, fresh);
        assertEquals(renewed.path("token"), fresh);
        given().cookie("strategylab-auth", fresh).get("/api/v1/auth/me").then().statusCode(200)
                .body("userId", equalTo("gina"));
        given().cookie("strategylab-auth", old).get("/api/v1/auth/me").then().statusCode(401);
        // renewal needs a valid token
        given().cookie("strategylab-auth", old).header("Origin", ownOrigin()).post("/api/v1/auth/local/renew")
                .then().statusCode(401).contentType("application/problem+json");
    }

    @Test
    void onlyRs256TokensForThisAudienceAreAccepted() throws Exception {
        // the same RSA key, another algorithm
        String ps256 = Jwt.issuer(TestTokens.ISSUER).audience(TestTokens.AUDIENCE).subject("mallory")
                .expiresIn(Duration.ofHours(1)).jws().algorithm(SignatureAlgorithm.PS256).sign(TestTokens.signingKey());
        // HMAC keyed with the public key's bytes: the classic algorithm confusion
        byte[] publicPem = Thread.currentThread().getContextClassLoader()
                .getResourceAsStream("strategylab-test-keys/public.pem").readAllBytes();
        String hs256 = Jwt.issuer(TestTokens.ISSUER).audience(TestTokens.AUDIENCE).subject("mallory")
                .expiresIn(Duration.ofHours(1)).jws().algorithm(SignatureAlgorithm.HS256)
                .sign(new SecretKeySpec(publicPem, "HmacSHA256"));
        String unsigned = Base64.getUrlEncoder().withoutPadding().encodeToString("{\"alg\":\"none\"}".getBytes())
                + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(("{\"iss\":\"" + TestTokens.ISSUER
                + "\",\"aud\":\"" + TestTokens.AUDIENCE + "\",\"sub\":\"mallory\",\"exp\":"
                + (System.currentTimeMillis() / 1000 + 3600) + "}").getBytes()) + ".";
        for (String token : new String[] {ps256, hs256, unsigned, TestTokens.foreignAudience("mallory")}) {
            given().header("Authorization", "Bearer " + token).get("/api/v1/auth/me").then().statusCode(401);
        }
        given().header("Authorization", TestTokens.bearer("mallory")).get("/api/v1/auth/me").then().statusCode(200);
    }

    @Test
    void theCookieIsSecureWhenTheRequestCameOverHttps() {
        String plain = given().contentType("application/json").body("{}").post("/api/v1/auth/local/sign-in")
                .then().statusCode(200).extract().header("Set-Cookie");
        assertFalse(plain.contains("Secure"), plain);
        // a TLS-terminating proxy the gateway trusts says the caller used https
        String secure = given().contentType("application/json").body("{}").header("X-Forwarded-Proto", "https")
                .post("/api/v1/auth/local/sign-in").then().statusCode(200).extract().header("Set-Cookie");
        assertTrue(secure.contains("Secure"), secure);
    }

    @Test
    void thePagesLearnThatLocalModeHasNoPasswords() {
        given().get("/api/v1/auth/mode").then().statusCode(200)
                .body("authMode", equalTo("local")).body("passwords", equalTo(false));
        // and every page's header script shows it as a banner
        String script = given().get("/assets/session.js").then().statusCode(200).extract().asString();
        assertTrue(script.contains("/api/v1/auth/mode") && script.contains("there are no passwords"));
    }
}
