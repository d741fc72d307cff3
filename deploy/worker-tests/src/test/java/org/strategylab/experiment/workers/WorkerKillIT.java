package org.strategylab.experiment.workers;

import static java.time.Duration.ofSeconds;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.simulator.faults.Latency;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.texts.UserFacingTexts;
import org.strategylab.testsupport.workers.LeaseHolders;
import org.strategylab.testsupport.workers.WorkerStack;

/**
 * The "a worker process killed with SIGKILL mid-run": two experiment-service processes in
 * one consumer group; the one running a search-mode experiment is killed while the run waits on a
 * slowed-down site. Once the lease runs out, the surviving instance's reaper puts the run back in
 * the queue with an {@code experiment_progress} of phase {@code restarted}, and a worker runs it
 * again from the start: it completes, its stream numbered without a gap and ending once. A run whose
 * worker dies in each of its {@code runs.max-attempts} (2) runs ends in {@code error} saying so, and
 * new experiments afterwards complete.
 */
class WorkerKillIT extends OnTheWorkerStack {

    private static final Duration RUN = ofSeconds(180);

    @Test
    void aKilledWorkersRunRunsAgainElsewhereAndCompletesAndOneKilledInEachRunEndsInError() throws Exception {
        String alice = "alice-" + UUID.randomUUID();
        // every step the run makes upstream, and every report it reads, waits: the run lasts seconds
        stack.simulator().faults().latency("/steps", Latency.fixed(ofSeconds(2)));
        Experiments.Started run = Experiments.start(stack.workers().get(0), alice,
                Experiments.searchBody("killed mid-run", controls));
        // killed once its first attempt has made the experiment's strategy on the site
        await("the first attempt has made its strategy").atMost(RUN)
                .until(() -> Experiments.get(stack.workers().get(0), run).get("upstreamStrategyId") != null);
        long firstAttemptsStrategy = Experiments.get(stack.workers().get(0), run).getLong("upstreamStrategyId");
        QuarkusAppProcess victim = killHolderOnceRunning(run);
        QuarkusAppProcess survivor = stack.workers().stream().filter(w -> w != victim).findFirst().orElseThrow();
        long killedAt = System.nanoTime();

        await("the dead worker's run runs again and ends").atMost(WorkerStack.LEASE.plus(RUN))
                .until(() -> events.ended(run.operationId()));
        long endedAfterMs = (System.nanoTime() - killedAt) / 1_000_000;
        List<EventEnvelope> log = events.of(run.operationId());
        List<String> types = log.stream().map(EventEnvelope::type).toList();
        List<EventEnvelope> restarts = restarts(log);
        assertEquals(1, restarts.size(), "restarted once: " + types);
        assertTrue(restarts.get(0).data().path("message").asText().contains("runs again from the start (run 2 of at most 2)"),
                restarts.get(0).data().toString());
        assertTrue(types.subList(types.indexOf("experiment_progress") + 1, types.size()).contains("experiment_complete"),
                "the second run completed: " + types);
        assertEquals(1, types.stream().filter("experiment_end"::equals).count(), "one terminal event: " + types);
        assertEquals("experiment_end", types.get(types.size() - 1));
        assertFalse(types.contains("experiment_error"), "no error: " + types);
        assertEquals(LongStream.rangeClosed(1, log.size()).boxed().toList(),
                log.stream().map(EventEnvelope::seq).toList(), "the second run continues the first's seqs");
        await("the row completes").atMost(RUN)
                .until(() -> "completed".equals(Experiments.get(survivor, run).getString("status")));
        // the second attempt deleted the first's strategy before it made its own: one stays, the experiment's
        long kept = Experiments.get(survivor, run).getLong("upstreamStrategyId");
        List<Long> named = strategiesNamed(alice, "killed mid-run");
        assertEquals(List.of(kept), named, "only the completed attempt's strategy is left on the site");
        assertFalse(named.contains(firstAttemptsStrategy), "the killed attempt's strategy " + firstAttemptsStrategy + " was deleted");
        System.out.printf("worker kill: the run was restarted and completed %d ms after its worker was killed (lease %s)%n",
                endedAfterMs, WorkerStack.LEASE);

        // a run whose worker dies in each of its two runs ends in error, saying so
        stack.everyInstanceRuns();
        Experiments.Started doomed = Experiments.start(survivor, alice, Experiments.searchBody("killed twice", controls));
        QuarkusAppProcess first = killHolderOnceRunning(doomed);
        await("the run is restarted").atMost(WorkerStack.LEASE.plus(RUN)).until(() -> !restarts(events.of(doomed.operationId())).isEmpty());
        await("the second run has begun").atMost(RUN).until(() -> {
            List<EventEnvelope> sofar = events.of(doomed.operationId());
            return sofar.get(sofar.size() - 1) != restarts(sofar).get(0) && LeaseHolders.holderPid(stack, doomed.operationId()).isPresent();
        });
        QuarkusAppProcess second = stack.workerWithPid(LeaseHolders.holderPid(stack, doomed.operationId()).orElseThrow());
        second.kill();
        // a live instance's reaper ends it
        stack.everyInstanceRuns();
        await("the twice-killed run ends").atMost(WorkerStack.LEASE.plus(RUN)).until(() -> events.ended(doomed.operationId()));
        List<EventEnvelope> doomedLog = events.of(doomed.operationId());
        List<String> doomedTypes = doomedLog.stream().map(EventEnvelope::type).toList();
        assertEquals(List.of("experiment_error", "experiment_end"), doomedTypes.subList(doomedTypes.size() - 2, doomedTypes.size()),
                "the stream ends with the error terminal: " + doomedTypes);
        assertEquals("the worker running this operation stopped before it finished, in each of the 2 runs it was given",
                doomedLog.get(doomedLog.size() - 2).data().path("error").asText());
        assertEquals("error", doomedLog.get(doomedLog.size() - 1).data().path("status").asText());
        assertEquals(LongStream.rangeClosed(1, doomedLog.size()).boxed().toList(),
                doomedLog.stream().map(EventEnvelope::seq).toList(), "one numbering across both runs and the reaper");
        await("the row ends in error").atMost(RUN)
                .until(() -> "error".equals(Experiments.get(stack.workers().get(0), doomed).getString("status")));
        JsonPath row = Experiments.get(stack.workers().get(0), doomed);
        assertEquals("the worker running this experiment stopped before it finished", row.getString("error"));
        assertNotNull(row.getString("completedAt"));
        System.out.printf("worker kill: pids %d and %d killed in the two runs; the row: %s (%s)%n",
                first.process().pid(), second.process().pid(), row.getString("status"), row.getString("error"));

        // the service goes on
        stack.simulator().faults().reset();
        QuarkusAppProcess any = stack.workers().get(0);
        List<Experiments.Started> after = new java.util.ArrayList<>();
        after.add(Experiments.start(any, alice, Experiments.searchBody("after the kill", controls)));
        for (int i = 0; i < 5; i++) {
            after.add(Experiments.start(any, alice, Experiments.geneIdBody("after the kill " + i, controls)));
        }
        for (Experiments.Started next : after) {
            await("a new experiment completes").atMost(RUN)
                    .until(() -> "completed".equals(Experiments.get(any, next).getString("status")));
            // the row and the stream are written one after the other: its end event may come just after
            await("its stream ends").atMost(RUN).until(() -> events.ended(next.operationId()));
            List<String> nextTypes = events.of(next.operationId()).stream().map(EventEnvelope::type).toList();
            assertEquals("experiment_end", nextTypes.get(nextTypes.size() - 1));
            assertTrue(nextTypes.contains("experiment_complete"), "completed: " + nextTypes);
        }
        assertEquals(List.of(), events.unreadable());
        new UserFacingTexts().add("the restart event", restarts.get(0).data().path("message").asText())
                .add("the stream's error after two runs", doomedLog.get(doomedLog.size() - 2).data().path("error").asText())
                .add("the row's error after two runs", row.getString("error")).assertReadable();
    }

    /** Kills the instance holding the run once it has started and its command is committed; answers it. */
    private static QuarkusAppProcess killHolderOnceRunning(Experiments.Started run) throws java.sql.SQLException {
        await("the run has started").atMost(RUN).until(() -> !events.of(run.operationId()).isEmpty());
        EventEnvelope first = events.of(run.operationId()).get(0);
        assertEquals("experiment_progress", first.type());
        assertEquals("started", first.data().path("phase").asText());
        // its command must not come back to the survivor as a second delivery: only the reaper sends it again
        stack.awaitCommandsCommitted();
        long holder = LeaseHolders.holderPid(stack, run.operationId())
                .orElseThrow(() -> new AssertionError("the run ended before its worker could be killed"));
        QuarkusAppProcess victim = stack.workerWithPid(holder);
        victim.kill();
        return victim;
    }

    /** The ids of the user's strategies on the site with this name, helper strategies included. */
    private static List<Long> strategiesNamed(String user, String name) {
        JsonPath page = io.restassured.RestAssured.given().header("Authorization", org.strategylab.testsupport.TestTokens.bearer(user))
                .when().get(stack.upstreamGateway().baseUri() + "/internal/v1/sites/plasmodb/strategies?includeInternal=true&limit=1000")
                .then().statusCode(200).extract().jsonPath();
        List<Long> ids = new java.util.ArrayList<>();
        List<String> names = page.getList("items.name", String.class);
        List<Number> all = page.getList("items.strategyId", Number.class);
        for (int i = 0; i < names.size(); i++) {
            if (name.equals(names.get(i))) {
                ids.add(all.get(i).longValue());
            }
        }
        return ids;
    }

    private static List<EventEnvelope> restarts(List<EventEnvelope> log) {
        return log.stream().filter(e -> e.type().equals("experiment_progress")
                && "restarted".equals(e.data().path("phase").asText())).toList();
    }
}
