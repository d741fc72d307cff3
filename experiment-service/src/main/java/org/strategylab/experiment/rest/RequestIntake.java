package org.strategylab.experiment.rest;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.strategylab.edge.problem.ProblemWriter;
import org.strategylab.experiment.config.ExperimentConfig;

/**
 * Takes the POSTs that carry gene lists in a few at a time ({@code strategylab.experiments.intake}):
 * a request past the limit is paused before its body is read, so a burst of large bodies waits in
 * the connections instead of in the heap, and goes on in arrival order as requests ahead of it
 * end. One waiting longer than the limit's wait is answered 503 with {@code Retry-After}.
 */
@ApplicationScoped
public class RequestIntake {

    private static final String[] PREFIXES = {"/api/v1/experiments", "/api/v1/control-sets",
            "/api/v1/control-resolutions"};

    @Inject
    ExperimentConfig config;

    @Inject
    Vertx vertx;

    @Inject
    ProblemWriter problems;

    @Inject
    MeterRegistry meters;

    private final Deque<Waiting> waiting = new ArrayDeque<>();
    private int inFlight;
    private Counter queued;
    private Counter refused;

    private record Waiting(RoutingContext context, Context eventLoop, long timer) {
    }

    void install(@Observes Router router) {
        Gauge.builder("strategylab.experiments.intake.in.flight", this, RequestIntake::inFlight)
                .description("Requests with gene lists being read and handled").register(meters);
        Gauge.builder("strategylab.experiments.intake.waiting", this, RequestIntake::waitingCount)
                .description("Requests with gene lists waiting for their turn, bodies unread").register(meters);
        queued = Counter.builder("strategylab.experiments.intake.queued")
                .description("Requests with gene lists that had to wait for their turn").register(meters);
        refused = Counter.builder("strategylab.experiments.intake.refused")
                .description("Requests with gene lists answered 503 after waiting too long").register(meters);
        router.route().order(-5).handler(this::admit);
    }

    private synchronized double inFlight() {
        return inFlight;
    }

    private synchronized double waitingCount() {
        return waiting.size();
    }

    private void admit(RoutingContext context) {
        if (context.request().method() != HttpMethod.POST || !carriesGenes(context.request().path())) {
            context.next();
            return;
        }
        // pause before anything reads the body; resumed when the request's turn comes
        context.request().pause();
        synchronized (this) {
            if (inFlight < config.intake().maxConcurrent()) {
                inFlight++;
            } else {
                long timer = vertx.setTimer(config.intake().maxWait().toMillis(), id -> giveUp(context));
                waiting.add(new Waiting(context, Vertx.currentContext(), timer));
                queued.increment();
                return;
            }
        }
        proceed(context);
    }

    private void proceed(RoutingContext context) {
        context.addEndHandler(ended -> release());
        context.request().resume();
        context.next();
    }

    private void release() {
        Waiting next;
        synchronized (this) {
            next = waiting.poll();
            if (next == null) {
                inFlight--;
                return;
            }
            vertx.cancelTimer(next.timer());
        }
        // the freed place goes straight to the next request, on its connection's own event loop
        RoutingContext context = next.context();
        next.eventLoop().runOnContext(ignored -> proceed(context));
    }

    private void giveUp(RoutingContext context) {
        synchronized (this) {
            if (!waiting.removeIf(entry -> entry.context() == context)) {
                return;
            }
        }
        refused.increment();
        context.response().putHeader("Retry-After", "5");
        problems.write(context, 503, "BUSY", "Service Unavailable",
                "Too many requests with gene lists are being handled at once; try again shortly", List.of());
    }

    private static boolean carriesGenes(String path) {
        for (String prefix : PREFIXES) {
            if (path.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
