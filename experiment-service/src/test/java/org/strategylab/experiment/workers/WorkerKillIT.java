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
import org.strategylab.testsupport.workers.LeaseHolders;
import org.strategylab.testsupport.workers.WorkerStack;

/**
 * The "a worker process killed with SIGKILL mid-run": two experiment-service processes in
 * one consumer group; the one running a search-mode experiment is killed while the run waits on a
 * slowed-down site. The surviving instance's reaper ends the operation once the lease runs out
 * ({@code experiment_error} + {@code experiment_end}), its orphan check ends the row in
 * {@code error}, and new experiments afterwards complete.
 */
class WorkerKillIT extends OnTheWorkerStack {

    private static final Duration RUN = ofSeconds(120);

    @Test
    void aKilledWorkersRunEndsInErrorWithinTheLeaseAndNewRunsComplete() throws Exception {
        String alice = "alice-" + UUID.randomUUID();
        // every step the run makes upstream, and every report it reads, waits: the run lasts seconds
        stack.simulator().faults().latency("/steps", Latency.fixed(ofSeconds(2)));
        Experiments.Started run = Experiments.start(stack.workers().get(0), alice,
                Experiments.searchBody("killed mid-run", controls));
        await("the run has started").atMost(RUN).until(() -> !events.of(run.operationId()).isEmpty());
        EventEnvelope first = events.of(run.operationId()).get(0);
        assertEquals("experiment_progress", first.type());
        assertEquals("started", first.data().path("phase").asText());
        // its command must not come back to the survivor: that would run it again instead of ending it
        stack.awaitCommandsCommitted();

        long holder = LeaseHolders.holderPid(stack, run.operationId())
                .orElseThrow(() -> new AssertionError("the run ended before its worker could be killed"));
        QuarkusAppProcess victim = stack.workerWithPid(holder);
        QuarkusAppProcess survivor = stack.workers().stream().filter(w -> w != victim).findFirst().orElseThrow();
        victim.kill();
        long killedAt = System.nanoTime();

        await("the survivor ends the dead worker's run").atMost(WorkerStack.LEASE.plus(ofSeconds(60)))
                .until(() -> events.ended(run.operationId()));
        long endedAfterMs = (System.nanoTime() - killedAt) / 1_000_000;
        List<EventEnvelope> log = events.of(run.operationId());
        List<String> types = log.stream().map(EventEnvelope::type).toList();
        assertEquals(List.of("experiment_error", "experiment_end"), types.subList(types.size() - 2, types.size()),
                "the stream ends with the error terminal: " + types);
        assertFalse(types.contains("experiment_complete"), "the killed run did not complete: " + types);
        assertEquals("error", log.get(log.size() - 1).data().path("status").asText());
        assertEquals(LongStream.rangeClosed(1, log.size()).boxed().toList(),
                log.stream().map(EventEnvelope::seq).toList(), "the reaper continues the run's seqs");

        await("the row ends in error").atMost(RUN)
                .until(() -> "error".equals(Experiments.get(survivor, run).getString("status")));
        JsonPath row = Experiments.get(survivor, run);
        assertNotNull(row.getString("error"), "the row says why");
        // a claimed run whose worker died, not a run no worker took
        assertEquals("the worker running this experiment stopped before it finished", row.getString("error"));
        assertNotNull(row.getString("completedAt"));
        System.out.printf("worker kill: pid %d killed after %d event(s); the run's terminal event came %d ms later "
                + "(lease %s); the row: %s (%s)%n", holder, first.seq(), endedAfterMs, WorkerStack.LEASE,
                row.getString("status"), row.getString("error"));

        // the service goes on: its commands now all reach the survivor (the dead member's partitions moved)
        stack.simulator().faults().reset();
        List<Experiments.Started> after = new java.util.ArrayList<>();
        after.add(Experiments.start(survivor, alice, Experiments.searchBody("after the kill", controls)));
        for (int i = 0; i < 5; i++) {
            after.add(Experiments.start(survivor, alice, Experiments.geneIdBody("after the kill " + i, controls)));
        }
        for (Experiments.Started next : after) {
            await("a new experiment completes").atMost(RUN)
                    .until(() -> "completed".equals(Experiments.get(survivor, next).getString("status")));
            List<String> nextTypes = events.of(next.operationId()).stream().map(EventEnvelope::type).toList();
            assertEquals("experiment_end", nextTypes.get(nextTypes.size() - 1));
            assertTrue(nextTypes.contains("experiment_complete"), "completed: " + nextTypes);
        }
        assertEquals(List.of(), events.unreadable());
    }
}
