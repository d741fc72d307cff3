package org.strategylab.gateway.auth;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.gateway.routing.FakeServicesResource;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.PostgresResource;
import org.strategylab.testsupport.TestTokens;

/** Issue 11 point 2: cookie-authenticated unsafe requests must come from the gateway's own pages. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = PostgresResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = FakeServicesResource.class, restrictToAnnotatedClass = false)
class CrossSiteRequestTest {

    @TestHTTPResource("/")
    URI root;

    private String ownOrigin() {
        return "http://" + root.getHost() + ":" + root.getPort();
    }

    @Test
    void aCrossSitePostWithTheCookieIsRefusedBeforeItReachesTheService() {
        given().cookie("strategylab-auth", TestTokens.forUser("alice")).header("Origin", "https://evil.example")
                .contentType("application/json").body("{}")
                .when().post("/api/v1/sites/plasmodb/steps")
                .then().statusCode(403)
                .contentType("application/problem+json")
                .body("code", equalTo("CSRF_REJECTED"));
        given().cookie("strategylab-auth", TestTokens.forUser("alice")).header("Sec-Fetch-Site", "cross-site")
                .when().delete("/api/v1/sites/plasmodb/steps/1")
                .then().statusCode(403).body("code", equalTo("CSRF_REJECTED"));
    }

    @Test
    void aSameOriginPostWithTheCookieIsAccepted() {
        given().cookie("strategylab-auth", TestTokens.forUser("alice")).header("Origin", ownOrigin())
                .contentType("application/json").body("{}")
                .when().post("/api/v1/sites/plasmodb/steps")
                .then().statusCode(200).body("method", equalTo("POST"));
        given().cookie("strategylab-auth", TestTokens.forUser("alice")).header("Sec-Fetch-Site", "same-origin")
                .when().patch("/api/v1/sites/plasmodb/steps/1")
                .then().statusCode(200).body("method", equalTo("PATCH"));
    }

    @Test
    void aCookieRequestWithNeitherOriginNorSecFetchSiteIsRefused() {
        given().cookie("strategylab-auth", TestTokens.forUser("alice"))
                .when().post("/api/v1/veupathdb/auth/logout")
                .then().statusCode(403).body("code", equalTo("CSRF_REJECTED"));
    }

    @Test
    void bodilessPostsToTheGatewaysOwnEndpointsAreGuardedToo() {
        String token = TestTokens.forUser("alice");
        String operation = UUID.randomUUID().toString();
        given().cookie("strategylab-auth", token).header("Origin", "https://evil.example")
                .when().post("/api/v1/operations/" + operation + "/cancel")
                .then().statusCode(403).body("code", equalTo("CSRF_REJECTED"));
        // from the page itself it gets through (to a 404: no such operation)
        given().cookie("strategylab-auth", token).header("Origin", ownOrigin())
                .when().post("/api/v1/operations/" + operation + "/cancel")
                .then().statusCode(404);
        // a cross-site sign-out cannot revoke the session either
        given().cookie("strategylab-auth", token).header("Origin", "https://evil.example")
                .when().post("/api/v1/auth/sign-out")
                .then().statusCode(403);
        given().cookie("strategylab-auth", token).when().get("/api/v1/auth/me")
                .then().statusCode(200).body("userId", equalTo("alice"));
    }

    @Test
    void bearerCallersAndSafeMethodsAreNotSubjectToIt() {
        given().header("Authorization", TestTokens.bearer("alice")).header("Origin", "https://evil.example")
                .contentType("application/json").body("{}")
                .when().post("/api/v1/sites/plasmodb/steps")
                .then().statusCode(200);
        given().cookie("strategylab-auth", TestTokens.forUser("alice")).header("Origin", "https://evil.example")
                .when().get("/api/v1/sites/plasmodb")
                .then().statusCode(200);
    }

    @Test
    void behindATrustedProxyTheForwardedOriginIsTheOwnOne() {
        given().cookie("strategylab-auth", TestTokens.forUser("alice"))
                .header("X-Forwarded-Proto", "https").header("X-Forwarded-Host", "strategylab.example.org")
                .header("Origin", "https://strategylab.example.org")
                .when().post("/api/v1/sites/plasmodb/steps")
                .then().statusCode(200);
    }
}
