package org.strategylab.gateway.restart;

import static java.time.Duration.ofMillis;
import static java.time.Duration.ofSeconds;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.OperationKinds;
import org.strategylab.eventlog.cursor.CursorCodec;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.sse.SseClient;
import org.strategylab.testsupport.sse.SseEvent;

/**
 * The "resume after the gateway restarts" and "resume after the broker restarts": the
 * packaged gateway and a real broker run as separate processes and are killed with SIGKILL while a
 * worker keeps appending events; every subscriber must end up with every seq of the operation
 * exactly once, in order. One stack serves both tests (starting it is most of their time); each
 * test brings back whatever an earlier failure left stopped.
 */
class ResumeAcrossRestartsIT {

    private static final String ALICE = TestTokens.bearer("alice");

    private static RestartStack stack;

    @BeforeAll
    static void startStack() {
        stack = RestartStack.start();
    }

    @AfterAll
    static void stopStack() {
        if (stack != null) {
            stack.close();
        }
    }

    @BeforeEach
    void everythingRuns() {
        if (!stack.kafka().process().isAlive()) {
            stack.kafka().start();
        }
        if (!stack.gateway().process().isAlive()) {
            stack.gateway().start();
        }
    }

    @Test
    void aClientResumesAfterTheGatewayIsKilledAndGetsExactlyTheRest() throws Exception {
        try (LogWorker worker = new LogWorker(stack, RestartStack.TOPIC)) {
            UUID operation = worker.register("alice");
            worker.emitEvery(ofMillis(10));

            SseClient first = subscribe("first", operation, null, false);
            await("the first connection receives events").atMost(ofSeconds(60)).until(() -> first.count() >= 20);
            long killedPid = stack.gateway().process().pid();
            stack.gateway().kill();
            await("the killed gateway's stream breaks").atMost(ofSeconds(30)).until(first::over);
            first.close();
            List<SseEvent> before = first.events();
            long lastSeen = seq(before.get(before.size() - 1));

            // the worker goes on while no gateway runs: these events can only come back through catch-up
            long sentAtKill = worker.sent();
            await("the worker appends while the gateway is down").atMost(ofSeconds(30))
                    .until(() -> worker.acknowledged() >= sentAtKill + 50);
            stack.gateway().start();
            assertNotEquals(killedPid, stack.gateway().process().pid());

            try (SseClient resumed = subscribe("resumed", operation, first.lastId(), false);
                 SseClient resumedByQuery = subscribe("resumed-query", operation, first.lastId(), true)) {
                long sentAtResume = worker.sent();
                await("the resumed stream catches up and then follows live").atMost(ofSeconds(60))
                        .until(() -> lastSeq(resumed) > sentAtResume + 20);
                long last = worker.end();
                await("both resumed streams end at the terminal event").atMost(ofSeconds(60))
                        .until(() -> resumed.over() && resumedByQuery.over());

                assertEquals(seqs(1, lastSeen), seqsOf(before), "before the kill");
                assertEquals(seqs(lastSeen + 1, last), seqsOf(resumed.events()), "resumed with Last-Event-ID");
                assertEquals(seqs(lastSeen + 1, last), seqsOf(resumedByQuery.events()), "resumed with ?lastEventId=");
                assertEquals(SseClient.End.TERMINAL, resumed.end());
                assertEquals(SseClient.End.TERMINAL, resumedByQuery.end());
                assertPayloadsMatchSeqs(resumed.events());
                System.out.printf("gateway restart: seqs 1-%d before the kill (%s), %d-%d after resuming; %d appended "
                        + "while no gateway ran%n", lastSeen, first.end(), lastSeen + 1, last, sentAtResume - sentAtKill);
            }
        }
    }

    @Test
    void subscribersAcrossAndAfterABrokerRestartSeeEverySeqExactlyOnce() throws Exception {
        try (LogWorker worker = new LogWorker(stack, RestartStack.TOPIC)) {
            UUID operation = worker.register("alice");
            worker.emitEvery(ofMillis(10));

            try (SseClient across = subscribe("across", operation, null, false)) {
                // a second client reads a little, goes away, and comes back only after the restart
                SseClient early = subscribe("early", operation, null, false);
                await("the early client receives events").atMost(ofSeconds(60)).until(() -> early.count() >= 20);
                early.close();
                List<SseEvent> earlyEvents = early.events();
                long earlyLast = seq(earlyEvents.get(earlyEvents.size() - 1));
                await("the connected client receives events").atMost(ofSeconds(60)).until(() -> across.count() >= 40);

                long killedPid = stack.kafka().process().pid();
                stack.kafka().kill();
                // the worker keeps appending: its producer buffers what it accepted before it noticed,
                // then blocks the worker in send() until the broker is back (see LogWorker)
                long sentAtKill = worker.sent();
                await("the worker appends while the broker is down").atMost(ofSeconds(30))
                        .until(() -> worker.attempted() > sentAtKill);
                stack.kafka().start();
                stack.kafka().awaitLeaders(RestartStack.TOPIC, ofSeconds(60));
                assertNotEquals(killedPid, stack.kafka().process().pid());

                long sentAtRestart = worker.sent();
                await("the connected client gets what was appended during and after the outage, live")
                        .atMost(ofSeconds(90)).until(() -> lastSeq(across) > sentAtRestart + 20);
                try (SseClient resumed = subscribe("resumed", operation, early.lastId(), false)) {
                    long last = worker.end();
                    await("both streams end at the terminal event").atMost(ofSeconds(60))
                            .until(() -> across.over() && resumed.over());

                    assertEquals(seqs(1, last), seqsOf(across.events()), "connected across the restart");
                    assertEquals(SseClient.End.TERMINAL, across.end());
                    assertEquals(seqs(1, earlyLast), seqsOf(earlyEvents), "before going away");
                    assertEquals(seqs(earlyLast + 1, last), seqsOf(resumed.events()), "resumed after the restart");
                    assertEquals(SseClient.End.TERMINAL, resumed.end());
                    assertPayloadsMatchSeqs(across.events());
                    System.out.printf("broker restart: %d events on one connection across it; seqs 1-%d, then %d-%d "
                            + "resumed after it; %d events appended from the kill until the broker was back; the "
                            + "longest send() blocked the worker %d ms%n", across.count(), earlyLast, earlyLast + 1, last,
                            sentAtRestart - sentAtKill, worker.longestSend().toMillis());
                }
            }
        }
    }

    /**
     * Subscribes as alice and reads on a thread of its own.
     *
     * @param resumeAfter the last id received before, or null for the start
     * @param inQuery     send the cursor as {@code ?lastEventId=} instead of the {@code Last-Event-ID} header
     */
    private static SseClient subscribe(String name, UUID operation, String resumeAfter, boolean inQuery) throws Exception {
        URI uri = stack.subscribeUri(operation);
        String header = resumeAfter;
        if (resumeAfter != null && inQuery) {
            uri = URI.create(uri + "?lastEventId=" + URLEncoder.encode(resumeAfter, StandardCharsets.UTF_8));
            header = null;
        }
        SseClient client = SseClient.get(uri, ALICE, header);
        if (client.status() != 200) {
            throw new IllegalStateException("subscribe answered " + client.status() + ": " + client.body());
        }
        return client.readInBackground(name, OperationKinds::isTerminal);
    }

    /** The seq an event's cursor carries. */
    private static long seq(SseEvent event) {
        return CursorCodec.decode(event.id()).seq();
    }

    private static long lastSeq(SseClient subscriber) {
        List<SseEvent> events = subscriber.events();
        return events.isEmpty() ? 0 : seq(events.get(events.size() - 1));
    }

    private static List<Long> seqs(long from, long to) {
        return LongStream.rangeClosed(from, to).boxed().toList();
    }

    private static List<Long> seqsOf(List<SseEvent> events) {
        return events.stream().map(ResumeAcrossRestartsIT::seq).toList();
    }

    /** The payload the worker wrote with each seq arrived with that seq (no event was mixed up with another). */
    private static void assertPayloadsMatchSeqs(List<SseEvent> events) {
        for (SseEvent event : events) {
            assertEquals("{\"n\":" + seq(event) + "}", event.data(), "payload of seq " + seq(event));
        }
    }
}
