package org.strategylab.gateway.stream;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.cursor.CursorCodec;
import org.strategylab.gateway.operations.TestWorkerResource;
import org.strategylab.gateway.routing.FakeServicesResource;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.PostgresResource;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.sse.SseClient;
import org.strategylab.testsupport.sse.SseEvent;

/**
 * What keeps streams from hurting the gateway: back-pressure during catch-up, the per-user cap,
 * the maximum connection age, and tails that come back after their consumer failed.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = PostgresResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = FakeServicesResource.class, restrictToAnnotatedClass = false)
class StreamLimitsTest {

    private static final Duration PATIENCE = Duration.ofSeconds(120);

    @TestHTTPResource("/")
    URI root;

    @Inject
    OperationStreams streams;

    @Inject
    TopicTails tails;

    @Test
    void aStalledReaderOfAHundredThousandEventOperationMakesTheGatewayHoldAtMostOneCatchUpPiece() throws Exception {
        String alice = TestTokens.bearer("erin");
        String op = start(alice);
        int total = 100_000;
        org.apache.kafka.clients.producer.RecordMetadata last = appendDirectly(UUID.fromString(op), total, "p".repeat(200));
        // the history is history: the shared tail has read past it, so the stream catches all of it up
        // (events the tail still had to read would come live and evict the stalled client instead)
        TopicTail tail = tails.forTopic(TestWorkerResource.TOPIC);
        await("the tail has read the appended events").atMost(PATIENCE)
                .until(() -> tail.ready().getNow(null).get(last.partition()) > last.offset());

        // a raw connection that sends the request and then never reads a byte
        try (Socket stalled = new Socket()) {
            stalled.setReceiveBufferSize(4096);
            stalled.connect(new java.net.InetSocketAddress(root.getHost(), root.getPort()));
            OutputStream out = stalled.getOutputStream();
            out.write(("GET /api/v1/operations/" + op + "/subscribe HTTP/1.1\r\nHost: localhost\r\n"
                    + "Authorization: " + alice + "\r\nAccept: text/event-stream\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            await("the catch-up waits for the stalled client").atMost(PATIENCE)
                    .until(() -> streams.catchUpsWaitingForClient() >= 1);
            // what the gateway has read for a stream but not written is bounded by one piece,
            // however long the history is (before, the whole history was read into memory)
            long peak = streams.peakUnwrittenCatchUp();
            assertTrue(peak <= OperationStreams.CATCH_UP_CHUNK, "peak of read-but-unwritten events: " + peak);
            assertTrue(streams.unwrittenCatchUpEvents() <= OperationStreams.CATCH_UP_CHUNK);
        }
        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("strategylab_streams_catchup_unwritten"));
    }

    @Test
    void aUserWithTooManyOpenStreamsIsRefusedWith429AndRetryAfterAndOthersAreNot() throws Exception {
        String dave = TestTokens.bearer("dave");
        String op = start(dave);
        List<SseClient> open = new ArrayList<>();
        try {
            for (int i = 0; i < 20; i++) {
                SseClient stream = subscribe(dave, op, null);
                open.add(stream);
                assertEquals(200, stream.status(), "stream " + (i + 1));
            }
            try (SseClient refused = subscribe(dave, op, null)) {
                assertEquals(429, refused.status());
                assertEquals("3", refused.header("Retry-After"));
                assertTrue(refused.header("Content-Type").startsWith("application/problem+json"));
                assertTrue(refused.body().contains("TOO_MANY_STREAMS"));
            }
            String frank = TestTokens.bearer("frank");
            String other = start(frank);
            try (SseClient stream = subscribe(frank, other, null)) {
                assertEquals(200, stream.status());
            }
            int before = streams.openStreams();
            open.remove(0).close();
            await("the closed stream is released").atMost(PATIENCE).until(() -> streams.openStreams() < before);
            try (SseClient again = subscribe(dave, op, null)) {
                assertEquals(200, again.status());
            }
        } finally {
            for (SseClient stream : open) {
                stream.close();
            }
        }
    }

    @Test
    void aStreamEndsCleanlyAtItsMaximumAgeAndTheClientResumesFromItsCursor() throws Exception {
        String grace = TestTokens.bearer("grace");
        String op = start(grace);
        emit(grace, op, "progress", Map.of("n", 1));
        String lastId;
        try (SseClient stream = subscribe(grace, op, null)) {
            // max-connection-age is 20 s in the test profile: the server ends the stream, no terminal event
            List<SseEvent> seen = assertTimeoutPreemptively(PATIENCE, stream::readToEnd);
            assertEquals(List.of("progress"), seen.stream().map(SseEvent::type).toList());
            assertTrue(stream.comments().stream().anyMatch(comment -> comment.contains("maximum age")), stream.comments().toString());
            lastId = seen.get(0).id();
        }
        emit(grace, op, "progress", Map.of("n", 2));
        emit(grace, op, "operation_completed", Map.of());
        try (SseClient resumed = subscribe(grace, op, lastId)) {
            List<SseEvent> rest = resumed.readToEnd();
            assertEquals(List.of("progress", "operation_completed"), rest.stream().map(SseEvent::type).toList());
            assertEquals(2, CursorCodec.decode(rest.get(0).id()).seq());
        }
    }

    @Test
    void aTailWhoseConsumerFailsIsStartedAgainAndLiveStreamsGoOn() throws Exception {
        String heidi = TestTokens.bearer("heidi");
        String op = start(heidi);
        emit(heidi, op, "progress", Map.of("n", 1));
        long restartsBefore = tails.restarts();
        try (SseClient stream = subscribe(heidi, op, null)) {
            assertEquals("progress", stream.read(1).get(0).type());
            // a real consumer failure: an interrupted poll throws Kafka's InterruptException
            tailThread(TestWorkerResource.TOPIC).interrupt();
            await("the tail is restarted").atMost(PATIENCE).until(() -> tails.restarts() > restartsBefore);
            for (int n = 2; n <= 5; n++) {
                emit(heidi, op, "progress", Map.of("n", n));
            }
            emit(heidi, op, "operation_completed", Map.of());
            // before, the dead tail left the stream with heartbeats only
            List<SseEvent> rest = assertTimeoutPreemptively(PATIENCE, stream::readToEnd);
            assertEquals(5, rest.size());
            for (int i = 0; i < 4; i++) {
                assertEquals(i + 2, CursorCodec.decode(rest.get(i).id()).seq());
            }
            assertEquals("operation_completed", rest.get(4).type());
        }
        given().get("/q/metrics").then().statusCode(200).body(containsString("strategylab_streams_tail_restarts_total"));
    }

    @Test
    void readinessIsDownWhileATailIsDeadAndUpOnceItReadsAgain() throws Exception {
        String topic = "probe-" + UUID.randomUUID() + ".events";
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap()))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
            TopicTail tail = tails.forTopic(topic);
            await("the tail runs").atMost(PATIENCE).until(() -> tail.state() == TopicTail.State.RUNNING);
            // the topic goes away and the consumer fails: the new one cannot be placed until the topic is back
            admin.deleteTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);
            tailThread(topic).interrupt();
            await("readiness reports the dead tail").atMost(PATIENCE).until(() -> given().get("/q/health/ready")
                    .statusCode() == 503);
            given().get("/q/health/ready").then().statusCode(503)
                    .body("checks.find { it.name == '" + TopicTailsReadinessCheck.NAME + "' }.status", equalTo("DOWN"));
            await("the topic can be created again").atMost(PATIENCE).ignoreExceptions().until(() -> {
                admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
                return true;
            });
            await("the tail reads again").atMost(PATIENCE).until(() -> tail.state() == TopicTail.State.RUNNING);
            await("readiness is back").atMost(PATIENCE).until(() -> given().get("/q/health/ready").statusCode() == 200);
        }
    }

    private static Thread tailThread(String topic) {
        return Thread.getAllStackTraces().keySet().stream().filter(thread -> thread.getName().equals("tail-" + topic))
                .findFirst().orElseThrow(() -> new AssertionError("no tail thread for " + topic));
    }

    /** Appends envelopes with seq 1..count for the operation straight to its topic, as a fast worker would. */
    private static org.apache.kafka.clients.producer.RecordMetadata appendDirectly(UUID operationId, int count,
                                                                                  String padding) throws Exception {
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap(),
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.LINGER_MS_CONFIG, 20,
                ProducerConfig.BATCH_SIZE_CONFIG, 512 * 1024),
                new StringSerializer(), new ByteArraySerializer())) {
            java.util.concurrent.Future<org.apache.kafka.clients.producer.RecordMetadata> sent = null;
            for (int seq = 1; seq <= count; seq++) {
                ObjectNode data = JsonNodeFactory.instance.objectNode().put("n", seq).put("padding", padding);
                sent = producer.send(new ProducerRecord<>(TestWorkerResource.TOPIC, operationId.toString(),
                        new EventEnvelope(operationId, seq, "progress", Instant.now(), data).toBytes()));
            }
            producer.flush();
            return sent.get(60, TimeUnit.SECONDS);
        }
    }

    private static String bootstrap() {
        return System.getProperty(InProcessKafkaResource.BOOTSTRAP_PROPERTY);
    }

    private SseClient subscribe(String bearer, String op, String lastEventId) throws Exception {
        return SseClient.get(root.resolve("/api/v1/operations/" + op + "/subscribe"), bearer, lastEventId);
    }

    private static String start(String bearer) {
        return given().header("Authorization", bearer).contentType("application/json").body(Map.of("type", "test"))
                .post("/api/v1/test/operations").then().statusCode(202).extract().path("operationId");
    }

    private static void emit(String bearer, String op, String type, Map<String, Object> data) {
        given().header("Authorization", bearer).contentType("application/json")
                .body(Map.of("type", type, "data", data))
                .post("/api/v1/test/operations/" + op + "/events").then().statusCode(200);
    }
}
