package org.strategylab.experiment.client;

import io.quarkus.runtime.Startup;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.strategylab.eventlog.ReadableDuration;
import org.strategylab.experiment.config.ExperimentConfig;

/**
 * Keeps the wait for an upstream-gateway call from being a hidden limit shorter than the work. One
 * internal call may drive many site calls (control counts: the helper strategy's steps, a dataset
 * and a count per control list; a tree evaluation; enrichment; a sweep point; an optimisation
 * trial), each of which upstream-gateway bounds itself with the site's routing timeout (spec §8:
 * portal 120 s, component 30 s) and its retries, answering 504 when one runs out. The call's length
 * is the sum of those, known to upstream-gateway, not a fixed figure here; so the client's read
 * timeout only guards against an upstream-gateway that never answers, and must not be shorter than
 * the run's own limit ({@code strategylab.experiments.runs.timeout}). The service refuses to start
 * otherwise, instead of cutting runs short at a figure nobody sees.
 */
@ApplicationScoped
@Startup
public class UpstreamWaits {

    @Inject
    ExperimentConfig config;

    @ConfigProperty(name = "quarkus.rest-client.upstream-gateway.read-timeout")
    long readTimeoutMillis;

    @PostConstruct
    void check() {
        String problem = problem(Duration.ofMillis(readTimeoutMillis), config.runs().timeout());
        if (problem != null) {
            throw new IllegalStateException(problem);
        }
    }

    /** Why this read timeout would cut runs short of their limit, or null when it does not. */
    static String problem(Duration readTimeout, Duration runLimit) {
        if (readTimeout.compareTo(runLimit) >= 0) {
            return null;
        }
        return "quarkus.rest-client.upstream-gateway.read-timeout (" + ReadableDuration.of(readTimeout)
                + ") is shorter than strategylab.experiments.runs.timeout (" + ReadableDuration.of(runLimit)
                + "): an upstream-gateway call that drives many site calls would be cut before the run's own limit; "
                + "set the read timeout to at least the run's limit";
    }
}
