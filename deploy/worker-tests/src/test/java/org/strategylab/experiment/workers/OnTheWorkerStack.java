package org.strategylab.experiment.workers;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.strategylab.testsupport.workers.EventsTopic;
import org.strategylab.testsupport.workers.WorkerStack;

/**
 * What both worker ITs start from: the shared stack with every instance running, a reader of
 * {@code experiment.events}, and controls drawn from the site. Faults a test injects are reset
 * when its class ends.
 */
abstract class OnTheWorkerStack {

    /**
     * experiment-service, with a fast orphan check besides test-support's short lease and fast reaper,
     * two run slots per instance, a claim timeout of 5 s and a run limit of 90 s.
     * Every run goes through {@code experiment.commands} to whichever instance claims it (the path a run
     * takes when the instance that accepted it has no free slot); the in-process tests cover runs started
     * where they were accepted.
     */
    static final WorkerStack.Service EXPERIMENT_SERVICE = new WorkerStack.Service("experiment-service",
            "experiment.commands", "experiment.events", "experiment-service", "experiment-commands",
            Map.of("strategylab.experiments.runs.reconcile-interval", "PT1S",
                    "strategylab.experiments.runs.run-where-accepted", "false",
                    // few slots and a short claim timeout, so a burst queues longer than the timeout (QueuedRunsIT)
                    "strategylab.experiments.runs.max-concurrent", String.valueOf(QueuedRunsIT.SLOTS),
                    "strategylab.event-log.lease.claim-timeout", QueuedRunsIT.CLAIM_TIMEOUT.toString(),
                    "strategylab.experiments.runs.per-user-max-active", String.valueOf(QueuedRunsIT.PER_USER_MAX_ACTIVE),
                    // a run's limit of 90 s, and the wait for an upstream-gateway call as long (LongUpstreamCallIT)
                    "strategylab.experiments.runs.timeout", LongUpstreamCallIT.RUN_LIMIT.toString(),
                    "quarkus.rest-client.upstream-gateway.read-timeout", String.valueOf(LongUpstreamCallIT.RUN_LIMIT.toMillis())));

    static WorkerStack stack;
    static EventsTopic events;
    static Experiments.Controls controls;

    @BeforeAll
    static void startStack() {
        stack = WorkerStack.shared(EXPERIMENT_SERVICE);
        stack.everyInstanceRuns();
        events = new EventsTopic(stack.kafka().bootstrapServers(), EXPERIMENT_SERVICE.eventsTopic());
        controls = Experiments.Controls.fromSite(stack);
    }

    @AfterAll
    static void closeReader() {
        // a class of the other service's run never started the stack
        if (stack != null) {
            stack.simulator().faults().reset();
        }
        if (events != null) {
            events.close();
            events = null;
        }
    }
}
