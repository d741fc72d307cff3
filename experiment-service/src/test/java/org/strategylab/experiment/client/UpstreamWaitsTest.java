package org.strategylab.experiment.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The read timeout of upstream-gateway calls is never a limit shorter than the run's own. */
class UpstreamWaitsTest {

    @Test
    void aReadTimeoutShorterThanTheRunLimitIsRefusedWithASentence() {
        assertEquals("quarkus.rest-client.upstream-gateway.read-timeout (3 min) is shorter than "
                + "strategylab.experiments.runs.timeout (30 min): an upstream-gateway call that drives many site calls "
                + "would be cut before the run's own limit; set the read timeout to at least the run's limit",
                UpstreamWaits.problem(Duration.ofMinutes(3), Duration.ofMinutes(30)));
    }

    @Test
    void aReadTimeoutAsLongAsTheRunLimitOrLongerIsFine() {
        assertNull(UpstreamWaits.problem(Duration.ofMinutes(30), Duration.ofMinutes(30)));
        assertNull(UpstreamWaits.problem(Duration.ofMinutes(45), Duration.ofMinutes(30)));
    }
}
