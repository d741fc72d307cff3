package org.strategylab.simulator.faults;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The router handler that applies the {@link FaultInjector}'s decision to each request: delay it,
 * answer a 5xx with WDK's bodies, hold it without an answer (a timeout), or answer WDK's 202
 * {@code WDK-DELAYED-RESULT}.
 */
public final class FaultGate implements Handler<RoutingContext> {

    /** WDK's body for a process query whose result is not ready. */
    public static final String DELAYED_RESULT_BODY = "{\"status\":\"accepted\",\"message\":\"WDK-DELAYED-RESULT\"}";

    /**
     * Routing-context key of a request that is carried out but whose answer is held back this many
     * milliseconds (a {@code Long}); the service's responses honour it ({@code WdkRequest}).
     */
    public static final String HOLD_ANSWER_MS = "simulator.holdAnswerMs";

    private final Vertx vertx;
    private final FaultInjector faults;

    public FaultGate(Vertx vertx, FaultInjector faults) {
        this.vertx = vertx;
        this.faults = faults;
    }

    @Override
    public void handle(RoutingContext ctx) {
        for (ConcurrencyWatch watch : faults.watchesOf(ctx.request().path())) {
            watch.enter();
            ctx.addEndHandler(ended -> watch.leave());
        }
        FaultDecision decision = faults.decide(ctx.request().method().name(), ctx.request().path());
        if (decision.delayMs() <= 0) {
            act(ctx, decision);
        } else {
            vertx.setTimer(decision.delayMs(), id -> act(ctx, decision));
        }
    }

    private void act(RoutingContext ctx, FaultDecision decision) {
        switch (decision.action()) {
            case PROCEED -> ctx.next();
            case ERROR -> {
                var response = ctx.response().setStatusCode(decision.status()).putHeader(HttpHeaders.CONTENT_TYPE, "text/plain");
                switch (decision.status()) {
                    case 503 -> response.end("Service Temporarily Unavailable; please try again later.");
                    case 502 -> response.end("Bad Gateway");
                    case 504 -> response.end("Gateway Timeout");
                    // Jersey's answers for a path or request it will not serve (WDK's 4xx without a message)
                    case 404 -> response.end("HTTP 404 Not Found");
                    case 400 -> response.end("HTTP 400 Bad Request");
                    case 403 -> response.end("Permission Denied.  You do not have access to this resource.");
                    default -> response.putHeader("x-log-marker",
                            Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE)).end("Internal Error");
                }
            }
            case TIMEOUT -> {
                long timer = vertx.setTimer(Math.max(1, decision.holdMs()), id -> ctx.request().connection().close());
                ctx.request().connection().closeHandler(v -> vertx.cancelTimer(timer));
            }
            case ANSWER_LATE -> {
                ctx.put(HOLD_ANSWER_MS, Math.max(1, decision.holdMs()));
                ctx.next();
            }
            case DELAYED_RESULT -> ctx.response().setStatusCode(202).putHeader(HttpHeaders.CONTENT_TYPE, "text/plain")
                    .end(DELAYED_RESULT_BODY);
        }
    }
}
