package org.strategylab.experiment.rest;

import io.micrometer.core.instrument.Counter;
import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.strategylab.edge.problem.ProblemWriter;
import org.strategylab.eventlog.operation.FairQueue;
import org.strategylab.experiment.config.ExperimentConfig;

/**
 * Takes the POSTs that carry gene lists in a few at a time ({@code strategylab.experiments.intake}):
 * a request past the limit is paused before its body is read, so a burst of large bodies waits in
 * the connections instead of in the heap. Each caller (the user a bearer token names, or one address
 * without one) has only a few of the places at once, and a place that frees goes to the waiting
 * caller with the fewest requests in, then to the one let in longest ago, each caller's own requests
 * in arrival order: one user's burst of uploads or slow synchronous analyses waits behind itself,
 * and when many users each send several experiments at once, everyone's first is taken in before
 * anyone's third (so the run slots free at that moment are spread over the users, not taken by
 * whoever's burst arrived first). One waiting longer than the limit's wait is answered 503 with
 * {@code Retry-After}.
 */
@ApplicationScoped
public class RequestIntake {

    private static final String[] PREFIXES = {"/api/v1/experiments", "/api/v1/control-sets",
            "/api/v1/control-resolutions", "/api/v1/strategy-discovery", "/api/v1/gene-sets"};

    @Inject
    ExperimentConfig config;

    @Inject
    Vertx vertx;

    @Inject
    ProblemWriter problems;

    @Inject
    MeterRegistry meters;

    @Inject
    JWTParser tokens;

    private static final String BEARER = "Bearer ";

    /** Requests waiting, per caller in arrival order, handed out caller by caller. */
    private final FairQueue<Waiting> waiting = new FairQueue<>();
    private final Map<String, Integer> inFlightByCaller = new HashMap<>();
    private int inFlight;
    private Counter queued;
    private Counter refused;

    private record Waiting(RoutingContext context, String caller, Context eventLoop, long timer) {
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
        String caller = callerOf(context);
        synchronized (this) {
            if (mayEnter(caller)) {
                enter(caller);
            } else {
                // the timer is set while the lock is held, so it finds its entry in place when it fires
                Waiting[] entry = new Waiting[1];
                long timer = vertx.setTimer(config.intake().maxWait().toMillis(), id -> giveUp(entry[0]));
                entry[0] = new Waiting(context, caller, Vertx.currentContext(), timer);
                waiting.add(caller, entry[0]);
                queued.increment();
                return;
            }
        }
        proceed(context, caller);
    }

    /**
     * Whom a request counts against: the user its bearer token names once verified (the parser
     * remembers verified tokens, so this is a look-up after a user's first request), else the
     * address it came from (such a request is refused 401 further on; it only waits behind its own).
     */
    private String callerOf(RoutingContext context) {
        String authorization = context.request().getHeader("Authorization");
        if (authorization != null && authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            try {
                return "user:" + tokens.parse(authorization.substring(BEARER.length()).trim()).getSubject();
            } catch (ParseException | RuntimeException invalid) {
                // counted by address below; the request is refused once it is authenticated
            }
        }
        return "address:" + context.request().remoteAddress().hostAddress();
    }

    private boolean mayEnter(String caller) {
        return inFlight < config.intake().maxConcurrent()
                && inFlightByCaller.getOrDefault(caller, 0) < config.intake().maxConcurrentPerCaller();
    }

    private void enter(String caller) {
        inFlight++;
        inFlightByCaller.merge(caller, 1, Integer::sum);
    }

    private void proceed(RoutingContext context, String caller) {
        context.addEndHandler(ended -> release(caller));
        context.request().resume();
        context.next();
    }

    private void release(String caller) {
        List<Waiting> admitted = new ArrayList<>();
        synchronized (this) {
            inFlight--;
            inFlightByCaller.computeIfPresent(caller, (key, count) -> count > 1 ? count - 1 : null);
            // the caller with the fewest in goes next, then the one let in longest ago; a caller at its
            // share does not hold up the others
            Waiting next;
            while (inFlight < config.intake().maxConcurrent()
                    && (next = waiting.poll(waitingCaller -> inFlightByCaller.getOrDefault(waitingCaller, 0), this::mayEnter)) != null) {
                vertx.cancelTimer(next.timer());
                enter(next.caller());
                admitted.add(next);
            }
        }
        // each on its connection's own event loop
        admitted.forEach(next -> next.eventLoop().runOnContext(ignored -> proceed(next.context(), next.caller())));
    }

    private void giveUp(Waiting entry) {
        synchronized (this) {
            if (!waiting.remove(entry.caller(), entry)) {
                return;
            }
        }
        RoutingContext context = entry.context();
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
