package org.strategylab.gateway.stream;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Map;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * DOWN while a tail consumer has failed and is not reading again: live streams of its topic would
 * get only heartbeats meanwhile, so a load balancer should send new streams elsewhere. A tail
 * still waiting for its topic to be created is not a failure (the topic's owner may start later).
 */
@Readiness
@ApplicationScoped
public class TopicTailsReadinessCheck implements HealthCheck {

    static final String NAME = "Operation stream tails";

    @Inject
    TopicTails tails;

    @Inject
    MeterRegistry metrics;

    void onStart(@Observes StartupEvent event) {
        FunctionCounter.builder("strategylab.streams.tail.restarts", tails, TopicTails::restarts)
                .description("Restarts of failed tail consumers").register(metrics);
    }

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder response = HealthCheckResponse.named(NAME).up();
        for (Map.Entry<String, TopicTail> entry : tails.all().entrySet()) {
            TopicTail tail = entry.getValue();
            TopicTail.State state = tail.state();
            response.withData(entry.getKey(), state.name().toLowerCase(java.util.Locale.ROOT)
                    + (tail.restarts() > 0 ? ", " + tail.restarts() + " restarts, last failure: " + tail.lastFailure() : ""));
            if (state == TopicTail.State.RESTARTING) {
                response.down();
            }
        }
        return response.build();
    }
}
