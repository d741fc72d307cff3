package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.atomic.AtomicBoolean;
import org.strategylab.simulator.faults.FaultGate;

/** One request to a site's service: its user, path params, body, and WDK-shaped responses. */
final class WdkRequest {

    static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    static final String USER = "wdk.user";

    final RoutingContext ctx;
    final SiteContext site;
    final User user;
    private JsonNode body;

    WdkRequest(RoutingContext ctx, SiteContext site) {
        this.ctx = ctx;
        this.site = site;
        this.user = ctx.get(USER);
    }

    String param(String name) {
        return ctx.pathParam(name);
    }

    /** The JSON body; 400 when it is missing or malformed. */
    JsonNode body() {
        if (body == null) {
            Buffer buffer = ctx.body().buffer();
            if (buffer == null || buffer.length() == 0) {
                throw WdkException.badRequest("Request body is required");
            }
            try {
                body = JSON.readTree(buffer.getBytes());
            } catch (JsonProcessingException e) {
                throw WdkException.badRequest("Unable to parse request body as JSON: " + e.getOriginalMessage());
            } catch (java.io.IOException e) {
                throw WdkException.badRequest("Unable to read request body");
            }
            if (body == null) {
                throw WdkException.badRequest("Request body is required");
            }
        }
        return body;
    }

    /**
     * Resolves the {@code {uid}} path segment: {@code current} or the requester's own numeric id; any other
     * user's id is 403 (WDK's AbstractUserService), a non-numeric one 404.
     */
    User owner() {
        String uid = param("uid");
        if ("current".equals(uid)) {
            return user;
        }
        long id;
        try {
            id = Long.parseLong(uid);
        } catch (NumberFormatException e) {
            throw WdkException.notFound("user ID " + uid);
        }
        if (id != user.id()) {
            throw WdkException.forbidden();
        }
        return user;
    }

    void json(int status, JsonNode node) {
        Buffer body;
        try {
            body = Buffer.buffer(JSON.writeValueAsBytes(node));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        answer(() -> ctx.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .end(body));
    }

    /**
     * Sends an answer now, or, when the fault injector holds this request's answer back
     * ({@code answerLateNext}: the work is done, the answer comes late), when the hold ends, the test
     * releases it or never, if the client closes the connection first.
     */
    private void answer(Runnable send) {
        Long hold = ctx.get(FaultGate.HOLD_ANSWER_MS);
        if (hold == null) {
            send.run();
            return;
        }
        Context context = ctx.vertx().getOrCreateContext();
        AtomicBoolean done = new AtomicBoolean();
        Runnable[] release = new Runnable[1];
        long timer = ctx.vertx().setTimer(hold, id -> release[0].run());
        release[0] = () -> context.runOnContext(v -> {
            if (done.compareAndSet(false, true)) {
                site.faults().unhold(release[0]);
                ctx.vertx().cancelTimer(timer);
                if (!ctx.response().ended() && !ctx.response().closed()) {
                    send.run();
                }
            }
        });
        site.faults().hold(release[0]);
        ctx.request().connection().closeHandler(v -> {
            if (done.compareAndSet(false, true)) {
                site.faults().unhold(release[0]);
                ctx.vertx().cancelTimer(timer);
            }
        });
    }

    void ok(JsonNode node) {
        json(200, node);
    }

    /** 200 with a {@code Location} header, as WDK's create endpoints answer. */
    void created(JsonNode node, String location) {
        ctx.response().putHeader(HttpHeaders.LOCATION, location);
        json(200, node);
    }

    void noContent() {
        answer(() -> ctx.response().setStatusCode(204).end());
    }

    void text(int status, String contentType, String body) {
        answer(() -> ctx.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, contentType).end(body));
    }

    /** Absolute URL of a path below this site's service root. */
    String serviceUrl(String path) {
        String host = ctx.request().getHeader(HttpHeaders.HOST);
        return (ctx.request().isSSL() ? "https://" : "http://") + (host == null ? "localhost" : host) + site.servicePath() + path;
    }
}
