package org.strategylab.edge.peer;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * Issue 11 point 1: a service answers only callers holding the service-to-service secret (the
 * gateway and sibling services), on its API and its internal API alike, and binds to loopback.
 */
@QuarkusTest
class PeerCheckTest {

    private static final String SECRET = "edge-test-peer-secret-0123456789abcdef";

    @Test
    void aCallerWithoutTheSecretGetsA403ProblemEverywhere() {
        for (String path : new String[] {"/api/v1/echo", "/internal/v1/echo"}) {
            given().when().get(path)
                    .then().statusCode(403)
                    .contentType("application/problem+json")
                    .body("code", equalTo("PEER_CREDENTIAL_REQUIRED"));
            given().header(PeerCredential.HEADER, SECRET.substring(1)).when().get(path)
                    .then().statusCode(403);
        }
    }

    @Test
    void theGatewayAndSiblingsWithTheSecretGetThrough() {
        given().header(PeerCredential.HEADER, SECRET).when().get("/internal/v1/echo")
                .then().statusCode(200).body(equalTo("internal"));
        given().header(PeerCredential.HEADER, SECRET).when().get("/api/v1/echo")
                .then().statusCode(200).body(equalTo("api"));
    }

    @Test
    void healthStaysOpenForProbes() {
        given().when().get("/q/health/live").then().statusCode(200);
    }

    @Test
    void servicesBindToLoopbackUnlessConfiguredOtherwise() {
        assertEquals("127.0.0.1", ConfigProvider.getConfig().getValue("quarkus.http.host", String.class));
    }

    @Test
    void theClientFilterAddsTheSecret() {
        jakarta.ws.rs.client.ClientRequestContext context = java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {jakarta.ws.rs.client.ClientRequestContext.class},
                (proxy, method, args) -> method.getName().equals("getHeaders") ? headers : null)
                instanceof jakarta.ws.rs.client.ClientRequestContext c ? c : null;
        new PeerCredentialFilter().filter(context);
        assertEquals(SECRET, headers.getFirst(PeerCredential.HEADER));
    }

    private final jakarta.ws.rs.core.MultivaluedMap<String, Object> headers = new jakarta.ws.rs.core.MultivaluedHashMap<>();
}
