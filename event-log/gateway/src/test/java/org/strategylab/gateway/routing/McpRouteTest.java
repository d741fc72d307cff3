package org.strategylab.gateway.routing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.strategylab.edge.auth.AuthConfig;
import org.strategylab.gateway.auth.ProtectedResourceMetadata;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.PostgresResource;
import org.strategylab.testsupport.TestTokens;

/**
 * {@code /mcp} goes to chat-service: only with a verified token (a 401 with a {@code WWW-Authenticate}
 * challenge otherwise), its event-stream answers passed on as they come, the caller's {@code Accept}
 * (JSON and event stream) kept; the protected-resource metadata exists in external mode only.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = PostgresResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = FakeServicesResource.class, restrictToAnnotatedClass = false)
class McpRouteTest {

    private static final String MESSAGE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}";

    @TestHTTPResource("/")
    URI root;

    @Test
    void withoutATokenTheEndpointAnswers401WithABearerChallenge() {
        given().contentType("application/json").header("Accept", "application/json, text/event-stream").body(MESSAGE)
                .when().post("/mcp")
                .then().statusCode(401)
                .contentType("application/problem+json")
                .header("WWW-Authenticate", "Bearer realm=\"StrategyLab\"")
                .body("code", equalTo("UNAUTHORIZED"));
    }

    @Test
    void aMessageStreamsThroughAsTheServiceWritesIt() {
        String token = TestTokens.bearer("mcp-user");
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest request = HttpRequest.newBuilder(root.resolve("/mcp"))
                .header("Authorization", token)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(MESSAGE)).build();
        // the fake service never ends its stream: only an event passed on at once can be read
        JsonObject seen = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream body = response.body()) {
                assertEquals(200, response.statusCode());
                assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
                BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    if (line.startsWith("data: ")) {
                        return new JsonObject(line.substring(6));
                    }
                }
                throw new AssertionError("the stream ended without an event");
            }
        });
        assertEquals("application/json, text/event-stream", seen.getString("accept"));
        assertEquals(token, seen.getString("authorization"));
    }

    @Test
    void localModeHasNoProtectedResourceMetadata() {
        given().when().get("/.well-known/oauth-protected-resource/mcp")
                .then().statusCode(404).contentType("application/problem+json")
                .body("code", equalTo("NO_AUTHORIZATION_SERVER"));
    }

    @Test
    void externalModeMetadataNamesTheIdentityProviderAndTheChallengePointsAtIt() {
        AuthConfig external = (AuthConfig) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {AuthConfig.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "mode" -> AuthConfig.Mode.EXTERNAL;
                    case "issuer" -> "https://login.example.org/realms/lab";
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        Map<String, Object> document = ProtectedResourceMetadata.of(external, "https://lab.example.org").orElseThrow();
        assertEquals("https://lab.example.org/mcp", document.get("resource"));
        assertEquals(java.util.List.of("https://login.example.org/realms/lab"), document.get("authorization_servers"));
        assertEquals(java.util.List.of("header"), document.get("bearer_methods_supported"));
        assertEquals("Bearer resource_metadata=\"https://lab.example.org/.well-known/oauth-protected-resource/mcp\"",
                ProtectedResourceMetadata.challenge(external, "https://lab.example.org"));
    }
}
