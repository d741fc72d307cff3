package org.strategylab.experiment.workers;

import static java.time.Duration.ofMillis;
import static java.time.Duration.ofSeconds;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.simulator.faults.Latency;

/**
 * Issue 32's "no hidden limit shorter than the work", scaled down: the instances' runs may take
 * 90 s (runs.timeout), and the old design's fixed wait for one upstream-gateway call was a tenth of
 * the run's limit (180 s against 30 min), here 9 s. One internal call, the control counts, drives
 * three sequential rewirings of the helper strategy on a site that takes 4 s for each: the call
 * lasts over 9 s, and the run completes.
 */
class LongUpstreamCallIT extends OnTheWorkerStack {

    /** The instances' run limit (and the wait for one upstream-gateway call). */
    static final Duration RUN_LIMIT = ofSeconds(90);
    /** The old design's fixed call timeout, scaled as 180 s to 30 min. */
    private static final Duration OLD_CALL_LIMIT = RUN_LIMIT.dividedBy(10);

    @Test
    void anUpstreamCallLongerThanTheOldFixedLimitLetsTheRunComplete() {
        String dave = "dave-" + UUID.randomUUID();
        // only the control counts rewire a strategy's step tree: one per control list, and once more at the end
        stack.simulator().faults().latency("/step-tree", Latency.fixed(ofSeconds(4)));
        Experiments.Started run = Experiments.start(stack.workers().get(0), dave, Experiments.searchBody("slow counts", controls));
        await("the run ends").atMost(RUN_LIMIT.plusSeconds(60)).pollInterval(ofMillis(500))
                .until(() -> events.ended(run.operationId()));
        List<EventEnvelope> log = events.of(run.operationId());
        List<String> types = log.stream().map(EventEnvelope::type).toList();
        assertEquals(0, types.stream().filter("experiment_error"::equals).count(), "no error: " + log);
        assertEquals(1, types.stream().filter("experiment_complete"::equals).count(), "completed: " + types);
        // the evaluation waits for the control counts: from started to evaluating is at least that call
        Duration evaluation = Duration.between(phase(log, "started").ts(), phase(log, "evaluating").ts());
        assertTrue(evaluation.compareTo(OLD_CALL_LIMIT) > 0,
                "the control counts took longer than the old fixed limit of " + OLD_CALL_LIMIT + ": " + evaluation);
        await().atMost(ofSeconds(30)).until(() -> "completed".equals(Experiments.get(stack.workers().get(0), run).getString("status")));
        System.out.printf("long upstream call: the evaluation took %d ms (old fixed limit, scaled: %d ms)%n",
                evaluation.toMillis(), OLD_CALL_LIMIT.toMillis());
    }

    private static EventEnvelope phase(List<EventEnvelope> log, String phase) {
        return log.stream().filter(e -> phase.equals(e.data().path("phase").asText())).findFirst()
                .orElseThrow(() -> new AssertionError("no " + phase + " event in " + log));
    }
}
