package org.strategylab.gateway.stream;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.cursor.Cursor;
import org.strategylab.eventlog.cursor.CursorCodec;
import org.strategylab.eventlog.index.OperationLogHeader;
import org.strategylab.gateway.routing.FakeServicesResource;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.PostgresResource;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.sse.SseClient;
import org.strategylab.testsupport.sse.SseEvent;

@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = PostgresResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = FakeServicesResource.class, restrictToAnnotatedClass = false)
class OperationStreamTest {

    private static final String ALICE = TestTokens.bearer("alice");
    private static final String BOB = TestTokens.bearer("bob");

    @TestHTTPResource("/")
    URI root;

    @Inject
    OperationStreams streams;

    @Inject
    io.micrometer.core.instrument.MeterRegistry metrics;

    @Test
    void replaysFromTheStartAndResumesAfterEveryPosition() throws Exception {
        String op = start(ALICE, "test", null);
        for (int i = 1; i <= 5; i++) {
            emit(ALICE, op, "progress", Map.of("step", i));
        }
        emit(ALICE, op, "operation_completed", Map.of("ok", true));

        List<SseEvent> all;
        try (SseClient stream = subscribe(ALICE, op, null)) {
            assertEquals(200, stream.status());
            assertEquals("no", stream.header("X-Accel-Buffering"));
            all = stream.readToEnd();
            assertEquals("3000", stream.retry());
        }
        assertEquals(6, all.size());
        for (int i = 0; i < 5; i++) {
            assertEquals("progress", all.get(i).type());
            assertEquals("{\"step\":" + (i + 1) + "}", all.get(i).data());
            Cursor cursor = CursorCodec.decode(all.get(i).id());
            assertEquals(i + 1, cursor.seq());
        }
        assertEquals("operation_completed", all.get(5).type());

        for (int position = 0; position < all.size(); position++) {
            try (SseClient stream = subscribe(ALICE, op, all.get(position).id())) {
                List<SseEvent> rest = stream.readToEnd();
                assertEquals(all.subList(position + 1, all.size()), rest, "resumed after event " + (position + 1));
                assertEquals(position == all.size() - 1 ? 204 : 200, stream.status(), "resumed after event " + (position + 1));
            }
        }
        given().header("Authorization", ALICE).get("/api/v1/operations/" + op)
                .then().statusCode(200).body("status", equalTo("completed"));
    }

    @Test
    void aResumeAtOrAfterTheTerminalEventOfAnEndedOperationIsNoContentSoEventSourceStops() throws Exception {
        String op = start(ALICE, "test", null);
        emit(ALICE, op, "progress", Map.of("step", 1));
        emit(ALICE, op, "operation_completed", Map.of("ok", true));
        List<SseEvent> all;
        try (SseClient stream = subscribe(ALICE, op, null)) {
            all = stream.readToEnd();
        }
        assertEquals(List.of("progress", "operation_completed"), all.stream().map(SseEvent::type).toList());
        String terminal = all.get(1).id();

        try (SseClient stream = subscribe(ALICE, op, terminal)) {
            assertEquals(204, stream.status(), "Last-Event-ID at the terminal event");
            assertEquals("", stream.body());
            assertNull(stream.header("Content-Type"));
        }
        try (SseClient stream = SseClient.get(root.resolve("/api/v1/operations/" + op + "/subscribe?lastEventId="
                + terminal), ALICE, null)) {
            assertEquals(204, stream.status(), "?lastEventId= at the terminal event");
            assertEquals("", stream.body());
        }
        // a cursor past the terminal event (nothing of the operation follows it either)
        Cursor atEnd = CursorCodec.decode(terminal);
        String later = CursorCodec.encode(new Cursor(atEnd.operationId(), atEnd.epoch(), atEnd.partition(),
                atEnd.offset() + 1000, atEnd.seq() + 1));
        try (SseClient stream = subscribe(ALICE, op, later)) {
            assertEquals(204, stream.status(), "a cursor after the terminal event");
        }
        // before the terminal event, and from the start, the history still streams
        try (SseClient stream = subscribe(ALICE, op, all.get(0).id())) {
            assertEquals(200, stream.status());
            assertEquals(List.of(all.get(1)), stream.readToEnd());
        }
        try (SseClient stream = subscribe(ALICE, op, null)) {
            assertEquals(200, stream.status());
            assertEquals(all, stream.readToEnd());
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> streams.openStreams() == 0);
        // a 204 stays subject to the same checks as any subscribe
        try (SseClient stream = subscribe(BOB, op, terminal)) {
            assertEquals(404, stream.status());
        }
        try (SseClient stream = subscribe(null, op, terminal)) {
            assertEquals(401, stream.status());
        }
    }

    @Test
    void aSubscriberSeesCatchUpThenLiveEventsInOrderAndTheStreamEndsAtTheTerminal() throws Exception {
        String op = start(ALICE, "test", "experiment-7");
        emit(ALICE, op, "progress", Map.of("step", 1));
        emit(ALICE, op, "progress", Map.of("step", 2));
        try (SseClient stream = subscribe(ALICE, op, null)) {
            List<SseEvent> seen = new ArrayList<>(stream.read(2));
            for (int i = 3; i <= 40; i++) {
                emit(ALICE, op, "progress", Map.of("step", i));
            }
            emit(ALICE, op, "operation_completed", Map.of());
            seen.addAll(stream.readToEnd());
            assertEquals(41, seen.size());
            for (int i = 0; i < 40; i++) {
                assertEquals("{\"step\":" + (i + 1) + "}", seen.get(i).data());
                assertEquals(i + 1, CursorCodec.decode(seen.get(i).id()).seq());
            }
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> streams.openStreams() == 0);
    }

    @Test
    void anEventSourceStyleClientSeesEveryEventExactlyOnceAcrossForcedDisconnects() throws Exception {
        String op = start(ALICE, "test", null);
        List<SseEvent> received = new ArrayList<>();
        String lastEventId = null;
        int emitted = 0;
        // three connections, each cut by the client after a few events, while the worker goes on
        for (int connection = 0; connection < 3; connection++) {
            try (SseClient stream = subscribe(ALICE, op, lastEventId)) {
                for (int i = 0; i < 7; i++) {
                    emit(ALICE, op, "progress", Map.of("n", ++emitted));
                }
                for (SseEvent event : stream.read(4)) {
                    received.add(event);
                    lastEventId = event.id();
                }
            }
            for (int i = 0; i < 3; i++) {
                emit(ALICE, op, "progress", Map.of("n", ++emitted));
            }
        }
        emit(ALICE, op, "operation_completed", Map.of());
        try (SseClient stream = subscribe(ALICE, op, lastEventId)) {
            received.addAll(stream.readToEnd());
        }
        assertEquals(emitted + 1, received.size());
        for (int i = 0; i < emitted; i++) {
            assertEquals("{\"n\":" + (i + 1) + "}", received.get(i).data(), "event " + (i + 1));
        }
    }

    @Test
    void theCursorAlsoComesAsAQueryParameter() throws Exception {
        String op = start(ALICE, "test", null);
        emit(ALICE, op, "progress", Map.of("n", 1));
        emit(ALICE, op, "progress", Map.of("n", 2));
        emit(ALICE, op, "operation_completed", Map.of());
        String first;
        try (SseClient stream = subscribe(ALICE, op, null)) {
            first = stream.read(1).get(0).id();
        }
        try (SseClient stream = SseClient.get(root.resolve("/api/v1/operations/" + op + "/subscribe?lastEventId=" + first),
                ALICE, null)) {
            List<SseEvent> rest = stream.readToEnd();
            assertEquals(2, rest.size());
            assertEquals("{\"n\":2}", rest.get(0).data());
        }
    }

    @Test
    void someoneElsesOperationIsNotFoundForSubscribeCancelAndRead() throws Exception {
        String op = start(ALICE, "test", null);
        try (SseClient stream = subscribe(BOB, op, null)) {
            assertEquals(404, stream.status());
            assertTrue(stream.body().contains("OPERATION_NOT_FOUND"));
        }
        given().header("Authorization", BOB).post("/api/v1/operations/" + op + "/cancel")
                .then().statusCode(404).contentType("application/problem+json");
        given().header("Authorization", BOB).get("/api/v1/operations/" + op).then().statusCode(404);
        given().header("Authorization", BOB).get("/api/v1/operations/active")
                .then().statusCode(200).body("items.operationId", not(hasItem(op)));
        try (SseClient stream = subscribe(ALICE, "not-a-uuid", null)) {
            assertEquals(404, stream.status());
        }
        try (SseClient stream = subscribe(null, op, null)) {
            assertEquals(401, stream.status());
        }
        emit(ALICE, op, "operation_completed", Map.of());
    }

    @Test
    void aMalformedCursorOrOneOfAnotherOperationIsRefusedBeforeTheStream() throws Exception {
        String op = start(ALICE, "test", null);
        String other = start(ALICE, "test", null);
        emit(ALICE, other, "progress", Map.of());
        emit(ALICE, other, "operation_completed", Map.of());
        String otherCursor;
        try (SseClient stream = subscribe(ALICE, other, null)) {
            otherCursor = stream.read(1).get(0).id();
        }
        try (SseClient stream = subscribe(ALICE, op, "garbage!")) {
            assertEquals(400, stream.status());
            String body = stream.body();
            assertTrue(body.contains("INVALID_CURSOR") && body.contains("Last-Event-ID"), body);
        }
        try (SseClient stream = subscribe(ALICE, op, otherCursor)) {
            assertEquals(400, stream.status());
            assertTrue(stream.body().contains("CURSOR_MISMATCH"));
        }
        emit(ALICE, op, "operation_completed", Map.of());
    }

    @Test
    void aCursorFromAnotherTopicEpochGetsAnExplicitReplayGapThenTheHistory() throws Exception {
        String op = start(ALICE, "test", "experiment-9");
        emit(ALICE, op, "progress", Map.of("n", 1));
        emit(ALICE, op, "operation_completed", Map.of());
        Cursor real;
        try (SseClient stream = subscribe(ALICE, op, null)) {
            real = CursorCodec.decode(stream.read(1).get(0).id());
        }
        String stale = CursorCodec.encode(new Cursor(real.operationId(), real.epoch() + 1, real.partition(), real.offset(),
                real.seq()));
        try (SseClient stream = subscribe(ALICE, op, stale)) {
            List<SseEvent> events = stream.readToEnd();
            assertEquals("replay_gap", events.get(0).type());
            assertNull(events.get(0).id());
            assertTrue(events.get(0).data().contains("\"reason\":\"unknown_epoch\""), events.get(0).data());
            assertTrue(events.get(0).data().contains("\"statePath\":\"/api/v1/operations/" + op + "\""));
            assertEquals(3, events.size());
            assertEquals("operation_completed", events.get(2).type());
        }
    }

    @Test
    void cancelReachesTheWorkerWhichEndsTheOperation() throws Exception {
        String op = start(ALICE, "test", null);
        emit(ALICE, op, "progress", Map.of("n", 1));
        try (SseClient stream = subscribe(ALICE, op, null)) {
            assertEquals("progress", stream.read(1).get(0).type());
            given().header("Authorization", ALICE).post("/api/v1/operations/" + op + "/cancel")
                    .then().statusCode(202).body("cancelled", equalTo(true));
            List<SseEvent> rest = stream.readToEnd();
            assertEquals("operation_cancelled", rest.get(rest.size() - 1).type());
        }
        given().header("Authorization", ALICE).get("/api/v1/test/operations/" + op + "/worker")
                .then().statusCode(200).body("cancelRequested", equalTo(true));
        given().header("Authorization", ALICE).get("/api/v1/operations/" + op)
                .then().statusCode(200).body("status", equalTo("cancelled"));
        given().header("Authorization", ALICE).post("/api/v1/operations/" + op + "/cancel")
                .then().statusCode(202).body("cancelled", equalTo(false)).body("status", equalTo("cancelled"));
    }

    @Test
    void aWorkerThatDiesLeadsToATerminalErrorEventWithinTheLeaseTime() throws Exception {
        String op = start(ALICE, "experiment", "experiment-3");
        emit(ALICE, op, "experiment_progress", Map.of("phase", "evaluating"));
        try (SseClient stream = subscribe(ALICE, op, null)) {
            assertEquals("experiment_progress", stream.read(1).get(0).type());
            given().header("Authorization", ALICE).post("/api/v1/test/operations/" + op + "/abandon")
                    .then().statusCode(204);
            // the end arrives without anyone emitting it once the lease (8 s in the test profile)
            // runs out; read as EventSource would, resuming if the connection reaches its maximum age
            List<SseEvent> rest = readToTerminal(stream, ALICE, op);
            assertEquals(List.of("experiment_error", "experiment_end"), rest.stream().map(SseEvent::type).toList());
            assertEquals(3, CursorCodec.decode(rest.get(1).id()).seq());
        }
        // the reaper appends the terminal event first and marks the index row right after it
        await().atMost(java.time.Duration.ofSeconds(10)).untilAsserted(() -> given().header("Authorization", ALICE)
                .get("/api/v1/operations/" + op).then().statusCode(200).body("status", equalTo("failed")));
    }

    @Test
    void aFirstClaimNumbersFromOneAndATakeOverGoesOnFromTheLog() throws Exception {
        String op = given().header("Authorization", ALICE).contentType("application/json").body(Map.of("type", "test"))
                .post("/api/v1/test/operations/registered").then().statusCode(202).extract().path("operationId");
        given().header("Authorization", ALICE).post("/api/v1/test/operations/" + op + "/claim")
                .then().statusCode(200).body("lastSeq", equalTo(0));
        emit(ALICE, op, "progress", Map.of("step", 1));
        emit(ALICE, op, "progress", Map.of("step", 2));
        // the same command delivered again while this process runs it: never a second run
        given().header("Authorization", ALICE).post("/api/v1/test/operations/" + op + "/claim").then().statusCode(409);
        // delivered again after its worker died (a restart under the same identity: the process no
        // longer runs it): the operation was held before, so the numbering goes on from the log
        given().header("Authorization", ALICE).post("/api/v1/test/operations/" + op + "/abandon").then().statusCode(204);
        given().header("Authorization", ALICE).post("/api/v1/test/operations/" + op + "/claim")
                .then().statusCode(200).body("lastSeq", equalTo(2));
        emit(ALICE, op, "operation_completed", Map.of("ok", true));
        try (SseClient stream = subscribe(ALICE, op, null)) {
            List<SseEvent> all = stream.readToEnd();
            assertEquals(List.of(1L, 2L, 3L), all.stream().map(e -> CursorCodec.decode(e.id()).seq()).toList());
        }
        // ended: nobody takes it any more
        given().header("Authorization", ALICE).post("/api/v1/test/operations/" + op + "/claim").then().statusCode(409);
    }

    @Test
    void aRegisteredOperationIsQueuedWithItsPlaceUntilAWorkerTakesItThenRunning() {
        String ahead = given().header("Authorization", ALICE).contentType("application/json").body(Map.of("type", "test"))
                .post("/api/v1/test/operations/registered").then().statusCode(202).extract().path("operationId");
        String op = given().header("Authorization", ALICE).contentType("application/json").body(Map.of("type", "test"))
                .post("/api/v1/test/operations/registered").then().statusCode(202).extract().path("operationId");
        int place = given().header("Authorization", ALICE).get("/api/v1/operations/" + op).then().statusCode(200)
                .body("status", equalTo("queued")).extract().path("queuedAhead");
        org.junit.jupiter.api.Assertions.assertTrue(place >= 1, "the operation registered before it is ahead: " + place);
        // another user's first operation, registered after both, is not told it waits behind all of alice's:
        // slots go user by user, so at most one of hers comes first
        String bobs = given().header("Authorization", BOB).contentType("application/json").body(Map.of("type", "test"))
                .post("/api/v1/test/operations/registered").then().statusCode(202).extract().path("operationId");
        int bobsPlace = given().header("Authorization", BOB).get("/api/v1/operations/" + bobs).then().statusCode(200)
                .body("status", equalTo("queued")).extract().path("queuedAhead");
        org.junit.jupiter.api.Assertions.assertTrue(bobsPlace < place + 1,
                "bob's first waits behind at most one operation of each other user: " + bobsPlace + " (alice's second: " + place + ")");
        given().header("Authorization", BOB).post("/api/v1/test/operations/" + bobs + "/claim").then().statusCode(200);
        emit(BOB, bobs, "operation_completed", Map.of("ok", true));
        given().header("Authorization", BOB).get("/api/v1/operations/" + op).then().statusCode(404);
        given().header("Authorization", ALICE).post("/api/v1/test/operations/" + op + "/claim").then().statusCode(200);
        given().header("Authorization", ALICE).get("/api/v1/operations/" + op).then().statusCode(200)
                .body("status", equalTo("running")).body("queuedAhead", org.hamcrest.Matchers.nullValue());
        emit(ALICE, op, "operation_completed", Map.of("ok", true));
        // nothing serves test.events here: the one left queued ends after the claim timeout (5 s in the test profile)
        await().atMost(java.time.Duration.ofSeconds(30)).untilAsserted(() -> given().header("Authorization", ALICE)
                .get("/api/v1/operations/" + ahead).then().statusCode(200).body("status", equalTo("failed")));
    }

    @Test
    void activeOperationsAreListedForTheirOwnerWithFilters() {
        String chat = start(BOB, "chat", "conversation-42");
        String experiment = start(BOB, "experiment", "experiment-42");
        given().header("Authorization", BOB).get("/api/v1/operations/active?type=chat&target=conversation-42")
                .then().statusCode(200)
                .body("total", equalTo(1))
                .body("items[0].operationId", equalTo(chat))
                .body("items[0].statePath", equalTo("/api/v1/strategies/conversation-42"));
        given().header("Authorization", BOB).get("/api/v1/operations/active?type=experiment")
                .then().statusCode(200).body("items.operationId", hasItem(experiment));
        given().header("Authorization", BOB).get("/api/v1/operations/active?limit=0")
                .then().statusCode(400).body("errors[0].pointer", equalTo("limit"));
        emit(BOB, chat, "message_end", Map.of());
        emit(BOB, experiment, "experiment_end", Map.of());
        given().header("Authorization", BOB).get("/api/v1/operations/active?type=chat&target=conversation-42")
                .then().statusCode(200).body("total", equalTo(0));
    }

    @Test
    void anOperationStartingPostWithAcceptEventStreamStreamsTheNewOperation() throws Exception {
        String body = "{\"callback\":\"" + root.resolve("/api/v1/test/operations") + "\"}";
        double fromIndex = starts("index");
        try (SseClient stream = SseClient.post(root.resolve("/api/v1/chat"), ALICE, body)) {
            assertEquals(200, stream.status());
            String op = stream.header("X-Operation-Id");
            assertNotNull(op);
            emit(ALICE, op, "message_start", Map.of("strategyId", "conversation-1"));
            emit(ALICE, op, "assistant_delta", Map.of("delta", "Hi"));
            SseEvent first = stream.next();
            assertEquals("message_start", first.type());
            String resumeFrom = first.id();
            stream.close();
            emit(ALICE, op, "message_end", Map.of());
            // the same ids resume through subscribe
            try (SseClient resumed = subscribe(ALICE, op, resumeFrom)) {
                assertEquals(List.of("assistant_delta", "message_end"),
                        resumed.readToEnd().stream().map(SseEvent::type).toList());
            }
        }
        assertEquals(fromIndex + 1, starts("index"), "a service that does not say where the events are: the index");
        // without Accept: text/event-stream the 202 passes through
        given().header("Authorization", ALICE).contentType("application/json").body(body).post("/api/v1/chat")
                .then().statusCode(202).body("strategyId", equalTo("conversation-1"));
    }

    @Test
    void aServiceThatSaysWhereTheNewOperationsEventsAreSparesTheIndexLookUpAndTheHeaderStaysInside() throws Exception {
        String body = "{\"callback\":\"" + root.resolve("/api/v1/test/operations") + "\",\"relayLog\":true}";
        double fromAnswer = starts("answer");
        double fromIndex = starts("index");
        try (SseClient stream = SseClient.post(root.resolve("/api/v1/chat"), ALICE, body)) {
            assertEquals(200, stream.status());
            String op = stream.header("X-Operation-Id");
            assertNotNull(op);
            assertNull(stream.header(OperationLogHeader.NAME));
            emit(ALICE, op, "message_start", Map.of("strategyId", "conversation-1"));
            emit(ALICE, op, "message_end", Map.of());
            assertEquals(List.of("message_start", "message_end"), stream.readToEnd().stream().map(SseEvent::type).toList());
        }
        assertEquals(fromAnswer + 1, starts("answer"));
        assertEquals(fromIndex, starts("index"));
        // a plain POST gets the 202 without it
        given().header("Authorization", ALICE).contentType("application/json").body(body).post("/api/v1/chat")
                .then().statusCode(202).header(OperationLogHeader.NAME, nullValue());
    }

    private double starts(String source) {
        return metrics.counter("strategylab.streams.starts", "source", source).count();
    }

    @Test
    void aStreamOnEventsTheTailHasJustReadCatchesUpFromMemoryWithTheSameIds() throws Exception {
        String op = start(ALICE, "test", null);
        double fromMemory = catchUps("memory");
        double fromLog = catchUps("log");
        List<SseEvent> live;
        try (SseClient watching = subscribe(ALICE, op, null)) {
            emit(ALICE, op, "progress", Map.of("step", 1));
            emit(ALICE, op, "progress", Map.of("step", 2));
            // seen live: the tail has read both, so they are among what it holds
            live = watching.read(2);
        }
        try (SseClient late = subscribe(ALICE, op, null)) {
            assertEquals(live, late.read(2), "caught up with the events and ids the live stream had");
            emit(ALICE, op, "operation_completed", Map.of());
            assertEquals(List.of("operation_completed"), late.readToEnd().stream().map(SseEvent::type).toList());
        }
        assertEquals(fromMemory + 1, catchUps("memory"), "the late stream's catch-up came from memory");
        assertEquals(fromLog, catchUps("log"), "and not from the broker");
    }

    private double catchUps(String source) {
        return metrics.counter("strategylab.streams.catchups", "source", source).count();
    }

    @Test
    void localSignInIssuesACookieTheGatewayAccepts() {
        var session = given().contentType("application/json").body("{\"userId\":\"carol\"}")
                .post("/api/v1/auth/local/sign-in")
                .then().statusCode(200).body("userId", equalTo("carol")).extract();
        String cookie = session.cookie("strategylab-auth");
        assertNotNull(cookie);
        assertTrue(session.header("Set-Cookie").contains("HttpOnly"));
        given().cookie("strategylab-auth", cookie).get("/api/v1/auth/me")
                .then().statusCode(200).body("userId", equalTo("carol"));
        given().get("/api/v1/auth/me").then().statusCode(401).contentType("application/problem+json");
        given().contentType("application/json").body("{\"userId\":\"bad name!\"}").post("/api/v1/auth/local/sign-in")
                .then().statusCode(400).body("errors[0].pointer", equalTo("/userId"));
    }

    @Test
    void aClientThatStopsReadingIsDisconnectedAndResumesWithoutLoss() throws Exception {
        String op = start(ALICE, "test", null);
        String padding = "x".repeat(50_000);
        // a raw connection that sends the request and then never reads a byte
        try (java.net.Socket stalled = new java.net.Socket(root.getHost(), root.getPort())) {
            stalled.setReceiveBufferSize(4096);
            stalled.getOutputStream().write(("GET /api/v1/operations/" + op + "/subscribe HTTP/1.1\r\nHost: localhost\r\n"
                    + "Authorization: " + ALICE + "\r\nAccept: text/event-stream\r\n\r\n")
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            await().atMost(Duration.ofSeconds(60)).until(() -> streams.openStreams() >= 1);
            int emitted = 0;
            while (streams.openStreams() > 0 && emitted < 2_000) {
                emit(ALICE, op, "progress", Map.of("n", ++emitted, "padding", padding));
            }
            assertEquals(0, streams.openStreams(), "the stalled client was evicted after " + emitted + " events");
        }
        emit(ALICE, op, "operation_completed", Map.of());
        try (SseClient stream = subscribe(ALICE, op, null)) {
            List<SseEvent> all = stream.readToEnd();
            assertEquals("operation_completed", all.get(all.size() - 1).type());
            for (int i = 0; i < all.size() - 1; i++) {
                assertEquals(i + 1, CursorCodec.decode(all.get(i).id()).seq());
            }
        }
        given().get("/q/metrics").then().statusCode(200)
                .body(org.hamcrest.Matchers.containsString("strategylab_streams_evictions_total"));
    }

    /** Reads to the terminal event, reconnecting with the last id when the server ends a connection first. */
    private List<SseEvent> readToTerminal(SseClient first, String bearer, String op) throws Exception {
        List<SseEvent> events = new ArrayList<>();
        SseClient stream = first;
        while (true) {
            events.addAll(stream.readToEnd());
            if (!events.isEmpty() && org.strategylab.eventlog.OperationKinds.isTerminal(events.get(events.size() - 1).type())) {
                return events;
            }
            if (stream != first) {
                stream.close();
            }
            String lastId = null;
            for (SseEvent event : events) {
                lastId = event.id() == null ? lastId : event.id();
            }
            stream = subscribe(bearer, op, lastId);
        }
    }

    private SseClient subscribe(String bearer, String op, String lastEventId) throws Exception {
        return SseClient.get(root.resolve("/api/v1/operations/" + op + "/subscribe"), bearer, lastEventId);
    }

    private static String start(String bearer, String type, String target) {
        Map<String, Object> body = target == null ? Map.of("type", type) : Map.of("type", type, "targetId", target);
        return given().header("Authorization", bearer).contentType("application/json").body(body)
                .post("/api/v1/test/operations").then().statusCode(202).extract().path("operationId");
    }

    private static void emit(String bearer, String op, String type, Map<String, Object> data) {
        given().header("Authorization", bearer).contentType("application/json")
                .body(Map.of("type", type, "data", data))
                .post("/api/v1/test/operations/" + op + "/events").then().statusCode(200);
    }
}
