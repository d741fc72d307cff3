package org.strategylab.gateway.routing;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;
import io.quarkus.runtime.configuration.MemorySize;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.PostgresResource;

/**
 * Request and response bodies through the proxy: the gateway's own body limit (issue 11 point 13)
 * and a caller that hangs up in the middle of a large response (point f).
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = PostgresResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = FakeServicesResource.class, restrictToAnnotatedClass = false)
class ProxyBodiesTest {

    @TestHTTPResource("/")
    URI root;

    @ConfigProperty(name = "strategylab.gateway.max-body-size")
    MemorySize maxBodySize;

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void aBodyWithinTheLimitIsForwarded() {
        String body = "x".repeat((int) maxBodySize.asLongValue());
        given().contentType("text/plain").body(body).when().post("/api/v1/sites/plasmodb/upload")
                .then().statusCode(200).body("body", equalTo(body));
    }

    @Test
    void aDeclaredLengthOverTheLimitIsA413Problem() {
        given().contentType("text/plain").body("x".repeat((int) maxBodySize.asLongValue() + 1))
                .when().post("/api/v1/sites/plasmodb/upload")
                .then().statusCode(413)
                .contentType("application/problem+json")
                .body("code", equalTo("PAYLOAD_TOO_LARGE"));
    }

    @Test
    void aChunkedBodyIsCutOffAtTheLimitWithA413Problem() throws Exception {
        byte[] big = "y".repeat((int) maxBodySize.asLongValue() * 3).getBytes(StandardCharsets.US_ASCII);
        // ofInputStream has no length: the JDK client sends it chunked
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(root.resolve("/api/v1/sites/plasmodb/upload"))
                        .header("Content-Type", "text/plain")
                        .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(413, response.statusCode());
        assertEquals("application/problem+json", response.headers().firstValue("Content-Type").orElse(""));
        assertEquals("PAYLOAD_TOO_LARGE", new JsonObject(response.body()).getString("code"));
    }

    @Test
    void aCallerThatHangsUpMidBodyEndsTheServiceExchangeCleanly() throws Exception {
        List<LogRecord> problems = new CopyOnWriteArrayList<>();
        Handler watcher = new Handler() {
            @Override
            public void publish(LogRecord record) {
                Throwable thrown = record.getThrown();
                String text = String.valueOf(record.getMessage()) + (thrown == null ? "" : " " + thrown);
                if (text.contains("IllegalStateException") || text.contains("IllegalReferenceCount")
                        || text.contains("already been written")) {
                    problems.add(record);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger rootLogger = Logger.getLogger("");
        rootLogger.addHandler(watcher);
        try {
            int before = FakeServicesResource.ENDLESS_CLOSED.get();
            int tries = 10;
            for (int i = 0; i < tries; i++) {
                // like `curl … | head -c 100`: read a little of a large body, then close
                try (Socket socket = new Socket(root.getHost(), root.getPort())) {
                    socket.getOutputStream().write(("GET /api/v1/sites/endless HTTP/1.1\r\nHost: localhost\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
                    InputStream in = socket.getInputStream();
                    byte[] head = in.readNBytes(100);
                    assertEquals(100, head.length);
                }
            }
            // every one of the service's endless responses is closed by the gateway
            await().atMost(Duration.ofSeconds(30)).until(() -> FakeServicesResource.ENDLESS_CLOSED.get() - before == tries);
            // and the gateway still serves normally
            given().when().get("/api/v1/sites/plasmodb").then().statusCode(200);
            assertTrue(problems.isEmpty(), () -> "the gateway logged: " + problems.stream()
                    .map(r -> r.getMessage() + " " + r.getThrown()).toList());
        } finally {
            rootLogger.removeHandler(watcher);
        }
    }
}
