package org.strategylab.experiment.workers;

import static java.time.Duration.ofMillis;
import static java.time.Duration.ofSeconds;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.simulator.faults.Latency;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.workers.LeaseHolders;
import org.strategylab.testsupport.workers.WorkerStack;

/**
 * The "two worker instances on one consumer group: each command runs exactly once": two
 * experiment-service processes share the commands' partitions; experiments started through either
 * instance each run once (one holder, one {@code started}, one {@code experiment_complete}, one
 * {@code experiment_end}, seqs without gaps or repeats, the row {@code completed}), and both
 * instances run some of them.
 */
class TwoWorkersIT extends OnTheWorkerStack {

    private static final int EXPERIMENTS = 12;
    /** More experiments are started while one instance has run none, up to this many in all. */
    private static final int AT_MOST = 48;
    private static final Duration RUN = ofSeconds(180);

    @Test
    void everyExperimentRunsExactlyOnceAndBothInstancesRunSome() throws Exception {
        String bob = "bob-" + UUID.randomUUID();
        List<QuarkusAppProcess> instances = stack.workers();
        // each upstream step and report waits a little, so a run holds its lease long enough to be seen
        stack.simulator().faults().latency("/steps", Latency.fixed(ofMillis(500)));
        List<Experiments.Started> started = new ArrayList<>();
        Map<Long, Integer> runsByPid = new HashMap<>();
        try (LeaseHolders holders = LeaseHolders.watch(stack)) {
            // keyed commands spread over the partitions at random: start more while one instance has run none
            while (started.size() < EXPERIMENTS || (runsByPid.size() < 2 && started.size() < AT_MOST)) {
                int batch = started.size() < EXPERIMENTS ? EXPERIMENTS : 4;
                List<Experiments.Started> wave = new ArrayList<>();
                for (int i = 0; i < batch; i++) {
                    wave.add(Experiments.start(instances.get(started.size() % 2), bob,
                            Experiments.searchBody("shared " + started.size(), controls)));
                    started.add(wave.get(wave.size() - 1));
                }
                for (Experiments.Started run : wave) {
                    await("experiment " + run.experimentId() + " ends").atMost(RUN).pollInterval(ofMillis(200))
                            .until(() -> events.ended(run.operationId()));
                    Set<Long> ranOn = holders.of(run.operationId());
                    assertEquals(1, ranOn.size(), "one instance ran " + run.experimentId() + ": " + ranOn);
                    runsByPid.merge(ranOn.iterator().next(), 1, Integer::sum);
                }
            }
        }

        for (Experiments.Started run : started) {
            List<EventEnvelope> log = events.of(run.operationId());
            List<String> types = log.stream().map(EventEnvelope::type).toList();
            assertEquals(1, count(types, "experiment_end"), "one end of " + run.experimentId() + ": " + types);
            assertEquals(1, count(types, "experiment_complete"), "one completion of " + run.experimentId() + ": " + types);
            assertEquals(0, count(types, "experiment_error"), "no error in " + run.experimentId() + ": " + types);
            assertEquals("experiment_end", types.get(types.size() - 1));
            assertEquals("completed", log.get(log.size() - 1).data().path("status").asText());
            assertEquals(1, log.stream().filter(e -> "started".equals(e.data().path("phase").asText())).count(),
                    "the run of " + run.experimentId() + " started once: " + types);
            assertEquals(LongStream.rangeClosed(1, log.size()).boxed().toList(),
                    log.stream().map(EventEnvelope::seq).toList(), "seqs of " + run.experimentId());
            assertEquals("completed", Experiments.get(instances.get(0), run).getString("status"));
        }
        Set<Long> pids = Set.of(instances.get(0).process().pid(), instances.get(1).process().pid());
        assertEquals(pids, runsByPid.keySet(), "both instances ran experiments: " + runsByPid);
        assertEquals(List.of(), events.unreadable());
        System.out.printf("two workers: %d experiments, runs per instance (pid → runs) %s%n", started.size(), runsByPid);
    }

    private static long count(List<String> types, String type) {
        return types.stream().filter(type::equals).count();
    }
}
