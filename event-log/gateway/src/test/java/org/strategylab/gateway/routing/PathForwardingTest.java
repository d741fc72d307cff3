package org.strategylab.gateway.routing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.PostgresResource;

/**
 * Issue 11 point 4: the gateway forwards the path it matched, never the raw request target, so no
 * encoding of {@code ..} or {@code /} reaches anything but {@code /api/v1/**} of the owning service.
 * Also point 1: services receive the gateway's peer secret, never one a caller made up.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = PostgresResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = FakeServicesResource.class, restrictToAnnotatedClass = false)
class PathForwardingTest {

    @TestHTTPResource("/")
    URI root;

    @ConfigProperty(name = "strategylab.peer.secret")
    String peerSecret;

    @Test
    void theServiceReceivesTheNormalisedPathThatWasMatched() throws Exception {
        // dot segments, encoded or not, are resolved before matching, and the result is what is sent
        for (String target : List.of("/api/v1/sites/x/../plasmodb?q=a%20b", "/api/v1/sites/x/%2E%2E/plasmodb?q=a%20b",
                "/api/v1/sites/x/%2e%2e/./plasmodb?q=a%20b", "/api/v1/veupathdb/../sites/plasmodb?q=a%20b")) {
            RawHttp.Response response = RawHttp.send(root, "GET " + target + " HTTP/1.1");
            assertEquals(200, response.status(), target);
            assertEquals("/api/v1/sites/plasmodb?q=a%20b", new JsonObject(response.body()).getString("uri"), target);
        }
    }

    @Test
    void noEncodingOfDotsOrSlashesReachesAPathOutsideTheServicesApi() throws Exception {
        List<String> attempts = List.of(
                "/api/v1/sites/..%2F..%2F..%2Finternal%2Fv1%2Fsessions",
                "/api/v1/sites/%2E%2E%2F%2E%2E%2Finternal/v1/sessions",
                "/api/v1/sites/plasmodb%2f..%2f..%2f..%2finternal",
                "/api/v1/sites/..%5C..%5Cinternal",
                "/api/v1/sites/..\\..\\internal",
                "/api/v1/sites/plasmodb/searches/transcript/..;/param-specs",
                "/api/v1/sites/%2E%2E;/internal",
                "/api/v1/sites/../../../internal/v1/sessions",
                "/api/v1/sites/%2E%2E/%2E%2E/%2E%2E/internal/v1/sessions",
                "/api/v1/sites/%252E%252E/%252E%252E/internal");
        for (String target : attempts) {
            RawHttp.Response response = RawHttp.send(root, "GET " + target + " HTTP/1.1");
            if (response.status() == 200) {
                // it reached the service: then only below /api/v1/sites, as one plain path
                String uri = new JsonObject(response.body()).getString("uri");
                assertTrue(uri.startsWith("/api/v1/sites/") && !uri.contains("/../") && !uri.contains("/./"),
                        target + " reached " + uri);
                assertTrue(URI.create(uri).normalize().getRawPath().startsWith("/api/v1/sites/"), target + " -> " + uri);
            } else {
                // refused by the gateway itself: as a problem, or (characters Netty does not accept in a
                // request target, such as a raw backslash) by Netty's decoder before any routing
                assertTrue(response.status() == 400 || response.status() == 404, target + " -> " + response.status());
                assertTrue("application/problem+json".equals(response.headers().get("content-type"))
                        || "0".equals(response.headers().get("content-length")), target + " -> " + response);
            }
        }
    }

    @Test
    void anEncodedSlashIsA400ProblemNamingThePath() throws Exception {
        RawHttp.Response response = RawHttp.send(root, "GET /api/v1/sites/a%2Fb HTTP/1.1");
        assertEquals(400, response.status());
        JsonObject problem = new JsonObject(response.body());
        assertEquals("INVALID_PATH", problem.getString("code"));
        assertEquals("path", problem.getJsonArray("errors").getJsonObject(0).getString("pointer"));
    }

    @Test
    void servicesGetTheGatewaysPeerSecretAndNeverTheCallers() {
        given().header("X-StrategyLab-Peer", "made-up-by-the-caller")
                .when().get("/api/v1/sites/plasmodb")
                .then().statusCode(200)
                .body("peer", equalTo(peerSecret));
    }
}
