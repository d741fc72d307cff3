package org.strategylab.gateway.stream;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.cursor.CursorCodec;
import org.strategylab.gateway.routing.FakeServicesResource;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.PostgresResource;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.node.NodeProject;

/**
 * The operation stream as a real client meets it: the WHATWG EventSource of the npm
 * {@code eventsource} package (the behaviour browsers have), run by Node from
 * {@code src/test/node/eventsource}. Skipped without Node.js, failed then where
 * {@code -Dnode.required=true}.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = PostgresResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = FakeServicesResource.class, restrictToAnnotatedClass = false)
class EventSourceClientTest {

    private static final String ALICE = TestTokens.bearer("alice");
    /** How long the script keeps watching after the EventSource closed: longer than the 3 s retry. */
    private static final Duration SETTLE = Duration.ofSeconds(5);

    @TestHTTPResource("/")
    URI root;

    @Inject
    OperationStreams streams;

    @Test
    void anEventSourceOnAnEndedOperationGetsTheTerminalEventOnceThenStopsReconnecting() throws Exception {
        NodeProject client = NodeProject.install(Path.of("src/test/node/eventsource"), Path.of("target/node/eventsource"));
        String op = start();
        emit(op, "progress", Map.of("step", 1));
        emit(op, "progress", Map.of("step", 2));
        emit(op, "operation_completed", Map.of("ok", true));

        NodeProject.NodeRun run = client.node(Duration.ofSeconds(60), "stream-ended-operation.mjs",
                root.resolve("/api/v1/operations/" + op + "/subscribe").toString(), ALICE,
                Long.toString(SETTLE.toMillis()), "progress", "operation_completed");
        assertTrue(run.succeeded(), run.output());
        JsonNode seen = lastJsonLine(run.output());

        List<String> types = new ArrayList<>();
        seen.get("events").forEach(event -> types.add(event.get("type").asText()));
        assertEquals(List.of("progress", "progress", "operation_completed"), types, seen.toString());
        String terminalId = seen.get("events").get(2).get("id").asText();
        assertEquals(3, CursorCodec.decode(terminalId).seq());

        // the first connection streamed the history; the one reconnect carried the terminal event's
        // id and was told 204, after which the EventSource closed and never came back
        JsonNode connections = seen.get("connections");
        assertEquals(2, connections.size(), seen.toString());
        assertEquals(200, connections.get(0).get("status").asInt());
        assertTrue(connections.get(0).get("lastEventId").isNull(), seen.toString());
        assertEquals(terminalId, connections.get(1).get("lastEventId").asText());
        assertEquals(204, connections.get(1).get("status").asInt());
        assertEquals(2, seen.get("readyState").asInt(), "EventSource.CLOSED: " + seen);
        assertTrue(seen.get("closedAt").asLong() < 10_000, "closed within a few seconds: " + seen);
        await().atMost(Duration.ofSeconds(30)).until(() -> streams.openStreams() == 0);
    }

    private static JsonNode lastJsonLine(String output) throws Exception {
        String[] lines = output.strip().split("\n");
        return new ObjectMapper().readTree(lines[lines.length - 1]);
    }

    private static String start() {
        return given().header("Authorization", ALICE).contentType("application/json").body(Map.of("type", "test"))
                .post("/api/v1/test/operations").then().statusCode(202).extract().path("operationId");
    }

    private static void emit(String op, String type, Map<String, Object> data) {
        given().header("Authorization", ALICE).contentType("application/json")
                .body(Map.of("type", type, "data", data))
                .post("/api/v1/test/operations/" + op + "/events").then().statusCode(200);
    }
}
