package org.strategylab.experiment.workers;

import static java.time.Duration.ofMillis;
import static java.time.Duration.ofSeconds;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.simulator.faults.Latency;
import org.strategylab.testsupport.TestTokens;

/**
 * Issue 32's "many users, a slow site": three times as many search-mode experiments as the two
 * instances have run slots, submitted at once against a slowed-down site. The ones that wait for a
 * slot stay queued (operation unclaimed, experiment {@code pending}) longer than the claim timeout,
 * and every run completes: waiting in the queue is not a failure while a worker lives. The burst is
 * one user's whole allowance ({@code runs.per-user-max-active}): one more is refused with 429, and
 * another user's run submitted after the burst is claimed before most of the burst's queue.
 */
class QueuedRunsIT extends OnTheWorkerStack {

    /** Run slots of each instance (runs.max-concurrent). */
    static final int SLOTS = 2;
    /** The claim timeout of the instances (the old code ended a run queued this long). */
    static final Duration CLAIM_TIMEOUT = ofSeconds(5);

    /** The most runs one user may have running or queued (runs.per-user-max-active): the burst is all of it. */
    static final int PER_USER_MAX_ACTIVE = 3 * SLOTS * 2;

    private static final Duration RUN = ofSeconds(240);

    @Test
    void aBurstOfThreeTimesTheSlotsWaitsLongerThanTheClaimTimeoutAndEveryRunCompletes() throws Exception {
        String carol = "carol-" + UUID.randomUUID();
        int experiments = 3 * SLOTS * stack.workers().size();
        // every upstream step and report waits 1.5 s: a run lasts several of those, and the third wave waits two runs
        stack.simulator().faults().latency("/steps", Latency.fixed(ofMillis(1500)));
        List<Experiments.Started> started = new ArrayList<>();
        for (int i = 0; i < experiments; i++) {
            started.add(Experiments.start(stack.workers().get(i % 2), carol, Experiments.searchBody("burst " + i, controls)));
        }
        long submitted = System.nanoTime();

        // one more is over carol's allowance: refused at once, saying which limit and when to come back
        given().header("Authorization", TestTokens.bearer(carol)).contentType("application/json")
                .body(Experiments.searchBody("one too many", controls))
                .when().post(stack.workers().get(0).baseUri() + "/api/v1/experiments")
                .then().statusCode(429).contentType("application/problem+json")
                .header("Retry-After", notNullValue())
                .body("code", equalTo("TOO_MANY_OPERATIONS"))
                .body("detail", containsString("runs.per-user-max-active = " + PER_USER_MAX_ACTIVE));
        // dave's first run comes after carol's burst, and waits behind no more than the runs ending first
        String dave = "dave-" + UUID.randomUUID();
        Experiments.Started daves = Experiments.start(stack.workers().get(1), dave, Experiments.searchBody("dave's first", controls));

        // some run waits, unclaimed, for longer than the claim timeout, and its experiment says pending
        Map<UUID, String> seenQueued = new ConcurrentHashMap<>();
        await("a run queued longer than the claim timeout").atMost(RUN).pollInterval(ofMillis(500)).until(() -> {
            for (UUID operation : queuedLongerThan(started, CLAIM_TIMEOUT)) {
                Experiments.Started run = started.stream().filter(s -> s.operationId().equals(operation)).findFirst().orElseThrow();
                seenQueued.put(operation, Experiments.get(stack.workers().get(0), run).getString("status"));
            }
            return !seenQueued.isEmpty();
        });
        assertTrue(seenQueued.values().stream().allMatch("pending"::equals), "queued runs are pending: " + seenQueued);

        for (Experiments.Started run : started) {
            await("experiment " + run.experimentId() + " ends").atMost(RUN).pollInterval(ofMillis(500))
                    .until(() -> events.ended(run.operationId()));
        }
        await("dave's run ends").atMost(RUN).pollInterval(ofMillis(500)).until(() -> events.ended(daves.operationId()));
        long allDoneMs = (System.nanoTime() - submitted) / 1_000_000;
        Map<UUID, java.time.OffsetDateTime> claimed = claimedAt(started, daves);
        long carolsAfterDave = started.stream().filter(run -> claimed.get(run.operationId()).isAfter(claimed.get(daves.operationId())))
                .count();
        // carol had 8 queued when dave came; the slot freed first on dave's instance is his (he has none
        // running), so only the slots freed meanwhile on the other instance go to her before him
        assertTrue(carolsAfterDave >= experiments - 2 * SLOTS * stack.workers().size(),
                "dave's run waited for " + (experiments - carolsAfterDave) + " of carol's " + experiments + " runs to be claimed first");
        assertEquals("completed", Experiments.get(stack.workers().get(1), daves).getString("status"));
        for (Experiments.Started run : started) {
            List<String> types = events.of(run.operationId()).stream().map(EventEnvelope::type).toList();
            assertEquals(0, types.stream().filter("experiment_error"::equals).count(), "no error in " + run.experimentId() + ": " + types);
            assertEquals(1, types.stream().filter("experiment_complete"::equals).count(), "completed: " + types);
            await().atMost(ofSeconds(30)).until(() -> "completed".equals(Experiments.get(stack.workers().get(0), run).getString("status")));
        }
        assertEquals(List.of(), events.unreadable());
        System.out.printf("queued runs: %d experiments on %d slots, %d seen queued over %s, all completed after %d ms;"
                + " %d of carol's runs claimed after dave's%n",
                experiments, SLOTS * stack.workers().size(), seenQueued.size(), CLAIM_TIMEOUT, allDoneMs, carolsAfterDave);
    }

    /** When each run's operation was claimed. */
    private static Map<UUID, java.time.OffsetDateTime> claimedAt(List<Experiments.Started> runs, Experiments.Started other)
            throws Exception {
        List<UUID> ids = new ArrayList<>(runs.stream().map(Experiments.Started::operationId).toList());
        ids.add(other.operationId());
        Map<UUID, java.time.OffsetDateTime> claimed = new java.util.HashMap<>();
        try (Connection connection = stack.jdbc(); PreparedStatement select = connection.prepareStatement(
                "SELECT id, claimed_at FROM event_log.operations WHERE id = ANY(?)")) {
            select.setArray(1, connection.createArrayOf("uuid", ids.toArray()));
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    claimed.put(rows.getObject(1, UUID.class), rows.getObject(2, java.time.OffsetDateTime.class));
                }
            }
        }
        assertEquals(ids.size(), claimed.size(), "every run's operation is in the index");
        return claimed;
    }

    /** The operations of these runs that no worker has claimed yet and that were registered over {@code age} ago. */
    private static List<UUID> queuedLongerThan(List<Experiments.Started> runs, Duration age) throws Exception {
        List<UUID> queued = new ArrayList<>();
        try (Connection connection = stack.jdbc(); PreparedStatement select = connection.prepareStatement(
                "SELECT id FROM event_log.operations WHERE id = ANY(?) AND status = 'active' AND claimed_at IS NULL "
                        + "AND created_at < now() - ? * interval '1 millisecond'")) {
            select.setArray(1, connection.createArrayOf("uuid", runs.stream().map(Experiments.Started::operationId).toArray()));
            select.setLong(2, age.toMillis());
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    queued.add(rows.getObject(1, UUID.class));
                }
            }
        }
        return queued;
    }
}
