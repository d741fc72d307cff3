package org.strategylab.simulator.wdk;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.ThreadLocalRandom;
import org.strategylab.simulator.catalog.RecordedCatalogues;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Registers route handlers with WDK's error mapping (text/plain bodies, 422 bundles, 500 with x-log-marker). */
final class WdkRoutes {

    private static final Logger LOG = Logger.getLogger(WdkRoutes.class.getName());

    @FunctionalInterface
    interface Handler {
        void handle(WdkRequest request);
    }

    private WdkRoutes() {
    }

    static void route(Router router, SiteContext site, HttpMethod method, String path, Handler handler) {
        router.route(method, path).handler(ctx -> {
            try {
                handler.handle(new WdkRequest(ctx, site));
            } catch (RuntimeException e) {
                fail(ctx, e);
            }
        });
    }

    static void fail(RoutingContext ctx, Throwable e) {
        if (ctx.response().ended()) {
            return;
        }
        if (e instanceof WdkException wdk) {
            ctx.response().setStatusCode(wdk.status()).putHeader(HttpHeaders.CONTENT_TYPE, "text/plain").end(wdk.body());
            return;
        }
        String marker = Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
        if (e instanceof RecordedCatalogues.DataNotLoadedException) {
            // expected on sites served from a recorded or derived catalogue: one line, no stack trace
            LOG.info("Internal error " + marker + " on " + ctx.request().method() + " " + ctx.request().path() + ": " + e.getMessage());
        } else {
            LOG.log(Level.WARNING, "Internal error " + marker + " on " + ctx.request().method() + " " + ctx.request().path(), e);
        }
        ctx.response().setStatusCode(500).putHeader(HttpHeaders.CONTENT_TYPE, "text/plain").putHeader("x-log-marker", marker)
                .end("Internal Error");
    }
}
