package org.strategylab.gateway.routing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.PostgresResource;
import org.strategylab.testsupport.TestTokens;

@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = PostgresResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = FakeServicesResource.class, restrictToAnnotatedClass = false)
class ServiceProxyTest {

    @TestHTTPResource("/")
    URI root;

    @Test
    void forwardsMethodPathQueryAndBodyToTheOwningService() {
        given().contentType("application/json").body("{\"name\":\"x\"}").header("X-Request-ID", "proxy-test-1")
                .when().post("/api/v1/sites/plasmodb/searches?q=GO&limit=5")
                .then().statusCode(200)
                .header("X-Service", "fake")
                .header("X-Request-ID", "proxy-test-1")
                .body("method", equalTo("POST"))
                .body("uri", equalTo("/api/v1/sites/plasmodb/searches?q=GO&limit=5"))
                .body("body", equalTo("{\"name\":\"x\"}"))
                .body("requestId", equalTo("proxy-test-1"))
                .body("forwardedHost", containsString(root.getHost()))
                .body("connection", nullValue());
    }

    @Test
    void aCallersOwnForwardedHeadersNeverReachTheService() {
        // the services trust X-Forwarded-For from the gateway (per-client rate limits), so it must
        // carry the one address the gateway resolved (the socket's, or what a trusted proxy said:
        // the test profile trusts one), never a caller's list or a Forwarded header passed along
        given().header("X-Forwarded-For", "203.0.113.7, 198.51.100.1").header("Forwarded", "for=192.0.2.1")
                .when().get("/api/v1/sites/plasmodb")
                .then().statusCode(200)
                .body("forwardedFor", org.hamcrest.Matchers.hasSize(1))
                .body("forwardedFor[0]", org.hamcrest.Matchers.not(containsString(",")))
                .body("forwarded", nullValue());
    }

    @Test
    void theServicesStatusAndBodyPassThrough() {
        given().when().get("/api/v1/sites/missing")
                .then().statusCode(404)
                .body("uri", equalTo("/api/v1/sites/missing"));
    }

    @Test
    void prefixesMatchWholeSegmentsOnly() {
        // /api/v1/sitesXYZ is not below /api/v1/sites: no service owns it
        given().when().get("/api/v1/sitesXYZ")
                .then().statusCode(404)
                .contentType("application/problem+json")
                .body("code", equalTo("NOT_FOUND"));
    }

    @Test
    void anUnreachableServiceIsA502Problem() {
        given().header("X-Request-ID", "proxy-test-502").header("Authorization", TestTokens.bearer("alice"))
                .when().get("/api/v1/experiments")
                .then().statusCode(502)
                .contentType("application/problem+json")
                .body("code", equalTo("SERVICE_UNAVAILABLE"))
                .body("detail", equalTo("The experiment-service cannot be reached"))
                .body("requestId", equalTo("proxy-test-502"));
    }

    @Test
    void aGetWhoseConnectionClosesBeforeAnAnswerIsSentOnceMore() {
        // issue 32: a plain GET met a 502 "Connection was closed" when the service had just dropped
        // the pooled connection; the gateway sends it again on a new connection
        given().when().get("/api/v1/sites/closes-first?key=get")
                .then().statusCode(200)
                .body("attempt", equalTo(2));
        assertEquals(2, FakeServicesResource.CLOSES_FIRST.get("get").get());
        given().when().head("/api/v1/sites/closes-first?key=head").then().statusCode(200);
        assertEquals(2, FakeServicesResource.CLOSES_FIRST.get("head").get());
    }

    @Test
    void aRequestWithABodyIsNeverSentTwice() {
        given().header("Authorization", TestTokens.bearer("alice")).contentType("application/json").body("{}")
                .when().post("/api/v1/sites/closes-first?key=post")
                .then().statusCode(502)
                .contentType("application/problem+json")
                .body("code", equalTo("SERVICE_UNAVAILABLE"));
        assertEquals(1, FakeServicesResource.CLOSES_FIRST.get("post").get());
    }

    @Test
    void aSilentServiceIsA504Problem() {
        given().when().get("/api/v1/sites/silent")
                .then().statusCode(504)
                .contentType("application/problem+json")
                .body("code", equalTo("SERVICE_TIMEOUT"));
    }

    @Test
    void eventStreamsAreRelayedAsTheyArrive() throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpResponse<InputStream> response = http.send(
                HttpRequest.newBuilder(root.resolve("/api/v1/sites/events")).header("Accept", "text/event-stream").build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, response.statusCode());
        assertEquals("text/event-stream", response.headers().firstValue("Content-Type").orElse(""));
        try (InputStream body = response.body()) {
            String text = new String(body.readAllBytes(), StandardCharsets.UTF_8);
            assertEquals("id: 1\nevent: tick\ndata: one\n\nid: 2\nevent: tick\ndata: two\n\n", text);
        }
    }

    @Test
    void servesTheWebPages() {
        given().when().get("/").then().statusCode(200).contentType(containsString("text/html"))
                .body(containsString("<title>StrategyLab</title>"));
        given().when().get("/workbench/").then().statusCode(200).body(containsString("StrategyLab workbench"));
        String css = given().when().get("/assets/app.css").then().statusCode(200).extract().asString();
        assertTrue(css.contains("--accent"));
    }

    @Test
    void readyWithItsSchemaAndKafka() {
        given().when().get("/q/health/ready")
                .then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.find { it.name == 'PostgreSQL schema event_log' }.data.schemaVersion", equalTo("5"));
    }

    @Test
    void aProtectedPathWithoutAValidTokenIsA401Problem() {
        given().when().get("/api/v1/experiments")
                .then().statusCode(401)
                .contentType("application/problem+json")
                .body("code", equalTo("UNAUTHORIZED"));
        given().header("Authorization", "Bearer " + TestTokens.expired("alice")).when().get("/api/v1/experiments")
                .then().statusCode(401);
        given().header("Authorization", "Bearer " + TestTokens.foreignIssuer("alice")).when().get("/api/v1/experiments")
                .then().statusCode(401);
    }

    @Test
    void servicesGetTheVerifiedTokenAsABearerHeaderAndNeverTheCookie() {
        String token = TestTokens.forUser("alice");
        given().cookie("strategylab-auth", token).cookie("theme", "dark")
                .when().get("/api/v1/sites/plasmodb")
                .then().statusCode(200)
                .body("authorization", equalTo("Bearer " + token))
                .body("cookie", equalTo("theme=dark"));
    }

    @Test
    void aStaleTokenOnAPublicPathIsDroppedNotRefused() {
        given().header("Authorization", "Bearer " + TestTokens.expired("alice"))
                .when().get("/api/v1/sites/plasmodb")
                .then().statusCode(200)
                .body("authorization", nullValue());
    }
}
