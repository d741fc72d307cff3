package org.strategylab.experiment.workers;

import static java.time.Duration.ofMillis;
import static java.time.Duration.ofSeconds;
import static org.awaitility.Awaitility.await;
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

/**
 * Issue 32's "many users, a slow site": three times as many search-mode experiments as the two
 * instances have run slots, submitted at once against a slowed-down site. The ones that wait for a
 * slot stay queued (operation unclaimed, experiment {@code pending}) longer than the claim timeout,
 * and every run completes: waiting in the queue is not a failure while a worker lives.
 */
class QueuedRunsIT extends OnTheWorkerStack {

    /** Run slots of each instance (runs.max-concurrent). */
    static final int SLOTS = 2;
    /** The claim timeout of the instances (the old code ended a run queued this long). */
    static final Duration CLAIM_TIMEOUT = ofSeconds(10);

    private static final Duration RUN = ofSeconds(240);

    @Test
    void aBurstOfThreeTimesTheSlotsWaitsLongerThanTheClaimTimeoutAndEveryRunCompletes() throws Exception {
        String carol = "carol-" + UUID.randomUUID();
        int experiments = 3 * SLOTS * stack.workers().size();
        // every upstream step and report waits 3 s: a run lasts several of those, and the third wave waits two runs
        stack.simulator().faults().latency("/steps", Latency.fixed(ofSeconds(3)));
        List<Experiments.Started> started = new ArrayList<>();
        for (int i = 0; i < experiments; i++) {
            started.add(Experiments.start(stack.workers().get(i % 2), carol, Experiments.searchBody("burst " + i, controls)));
        }
        long submitted = System.nanoTime();

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
        long allDoneMs = (System.nanoTime() - submitted) / 1_000_000;
        for (Experiments.Started run : started) {
            List<String> types = events.of(run.operationId()).stream().map(EventEnvelope::type).toList();
            assertEquals(0, types.stream().filter("experiment_error"::equals).count(), "no error in " + run.experimentId() + ": " + types);
            assertEquals(1, types.stream().filter("experiment_complete"::equals).count(), "completed: " + types);
            await().atMost(ofSeconds(30)).until(() -> "completed".equals(Experiments.get(stack.workers().get(0), run).getString("status")));
        }
        assertEquals(List.of(), events.unreadable());
        System.out.printf("queued runs: %d experiments on %d slots, %d seen queued over %s, all completed after %d ms%n",
                experiments, SLOTS * stack.workers().size(), seenQueued.size(), CLAIM_TIMEOUT, allDoneMs);
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
