package org.strategylab.simulator;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.strategylab.simulator.faults.FaultInjector;
import org.strategylab.simulator.faults.FaultPlan;

/**
 * {@code /__simulator/...}: endpoints that exist only in the simulator (health, what is served, and the
 * run's fault settings). Never subject to injected faults.
 */
final class SimulatorAdmin {

    static final String PREFIX = "/__simulator";
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private SimulatorAdmin() {
    }

    static Router router(Vertx vertx, FaultInjector faults, RequestJournal journal, Map<String, Object> info) {
        Router router = Router.router(vertx);
        router.get("/health").handler(ctx -> json(ctx, 200, Map.of("status", "UP")));
        router.get("/info").handler(ctx -> json(ctx, 200, info));
        router.get("/faults").handler(ctx -> json(ctx, 200, faults.describe()));
        router.put("/faults").handler(ctx -> {
            try {
                FaultPlan plan = JSON.readValue(ctx.body().buffer() == null ? "{}" : ctx.body().asString(), FaultPlan.class);
                faults.apply(plan);
                json(ctx, 200, faults.describe());
            } catch (Exception e) {
                ctx.response().setStatusCode(400).putHeader(HttpHeaders.CONTENT_TYPE, "text/plain")
                        .end("Invalid fault plan: " + e.getMessage());
            }
        });
        router.post("/faults/reset").handler(ctx -> {
            faults.reset();
            ctx.response().setStatusCode(204).end();
        });
        router.get("/requests").handler(ctx -> {
            long since;
            Pattern path;
            try {
                String from = ctx.request().getParam("since");
                since = from == null ? 0 : Long.parseLong(from);
                String regex = ctx.request().getParam("path");
                path = regex == null ? null : Pattern.compile(regex);
            } catch (RuntimeException e) {
                ctx.response().setStatusCode(400).putHeader(HttpHeaders.CONTENT_TYPE, "text/plain")
                        .end("since must be a whole number and path a regular expression");
                return;
            }
            List<RequestJournal.RecordedRequest> items = journal.since(since).stream()
                    .filter(r -> path == null || path.matcher(r.path()).find()).toList();
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("items", items);
            body.put("mark", journal.mark());
            json(ctx, 200, body);
        });
        router.delete("/requests").handler(ctx -> {
            journal.clear();
            ctx.response().setStatusCode(204).end();
        });
        router.post("/tokens/expire").handler(ctx -> {
            faults.expireTokensNow();
            ctx.response().setStatusCode(204).end();
        });
        return router;
    }

    private static void json(RoutingContext ctx, int status, Object body) {
        try {
            ctx.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                    .end(JSON.writeValueAsString(body));
        } catch (Exception e) {
            ctx.fail(e);
        }
    }

    static Map<String, Object> info(long seed, List<Map<String, Object>> sites) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("name", "StrategyLab upstream simulator");
        info.put("synthetic", true);
        info.put("note", "All genes, annotations and expression values are generated from a fixed seed; "
                + "ids and organism names only look like VEuPathDB's. Not real data.");
        info.put("seed", seed);
        info.put("sites", sites);
        return info;
    }
}
