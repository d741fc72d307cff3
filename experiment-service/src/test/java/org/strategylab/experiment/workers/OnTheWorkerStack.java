package org.strategylab.experiment.workers;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * What both worker ITs start from: the shared stack with every instance running, a reader of
 * {@code experiment.events}, and controls drawn from the site. Faults a test injects are reset
 * when its class ends.
 */
abstract class OnTheWorkerStack {

    static WorkerStack stack;
    static EventsTopic events;
    static Experiments.Controls controls;

    @BeforeAll
    static void startStack() {
        stack = WorkerStack.shared();
        stack.everyInstanceRuns();
        events = new EventsTopic(stack.kafka().bootstrapServers());
        controls = Experiments.Controls.fromSite(stack);
    }

    @AfterAll
    static void closeReader() {
        stack.simulator().faults().reset();
        if (events != null) {
            events.close();
            events = null;
        }
    }
}
