package org.strategylab.gateway.routing;

import io.quarkus.runtime.ShutdownEvent;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;
import org.strategylab.edge.auth.AuthConfig;
import org.strategylab.edge.peer.PeerConfig;
import org.strategylab.edge.peer.PeerCredential;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.request.RequestIds;
import org.strategylab.eventlog.index.OperationLogHeader;
import org.strategylab.gateway.auth.CallerTokens;
import org.strategylab.gateway.auth.ProtectedResourceMetadata;
import org.strategylab.edge.problem.ProblemWriter;
import org.strategylab.gateway.config.GatewayConfig;
import org.strategylab.gateway.operations.OperationStarts;

/**
 * Forwards {@code /api/v1/**} requests to the service that owns them, streaming both bodies (so
 * SSE and large downloads pass through unbuffered). What is forwarded is the normalised path that
 * was matched (never the raw request target), with the service-to-service secret and the verified
 * token. A service that cannot be reached is a 502 problem, one that goes silent a 504; a path no
 * service owns falls through to the gateway's own endpoints. A GET or HEAD whose connection closes
 * before the service's first byte (a pooled connection the service had just closed as idle) is
 * sent once more, on a new connection: it has no body and changes nothing, so the caller never
 * sees that race as a 502.
 */
@ApplicationScoped
public class ServiceProxy {

    private static final Logger LOG = Logger.getLogger(ServiceProxy.class);

    // RFC 9110 §7.6.1: connection-specific headers are never forwarded
    private static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "proxy-authenticate",
            "proxy-authorization", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade", "host");

    private static final List<String> FORWARDING = List.of("Forwarded", "X-Forwarded-For", "X-Forwarded-Host",
            "X-Forwarded-Proto", "X-Forwarded-Port", "X-Forwarded-Prefix", "X-Real-IP");

    @Inject
    GatewayConfig config;

    @Inject
    Vertx vertx;

    @Inject
    ProblemWriter problems;

    @Inject
    CallerTokens tokens;

    @Inject
    AuthConfig auth;

    @Inject
    OperationStarts operationStarts;

    @Inject
    PeerConfig peers;

    private RouteTable routes;
    private HttpClient client;
    /** For the one retry of an idempotent request: no keep-alive, so always a new connection. */
    private HttpClient freshConnections;

    void register(@Observes Router router) {
        routes = RouteTable.of(config.routes());
        client = vertx.createHttpClient(new HttpClientOptions()
                        .setConnectTimeout((int) config.connectTimeout().toMillis())
                        .setKeepAlive(true)
                        .setDecompressionSupported(false),
                new PoolOptions().setHttp1MaxSize(config.maxConnectionsPerService()));
        freshConnections = vertx.createHttpClient(new HttpClientOptions()
                        .setConnectTimeout((int) config.connectTimeout().toMillis())
                        .setKeepAlive(false)
                        .setDecompressionSupported(false),
                new PoolOptions().setHttp1MaxSize(config.maxConnectionsPerService()));
        router.route("/api/v1/*").order(-10).handler(this::route);
        // the MCP endpoint (chat-service, Streamable HTTP); "/mcp/*" also matches "/mcp" itself
        router.route(ProtectedResourceMetadata.MCP_PATH + "/*").order(-10).handler(this::route);
    }

    void close(@Observes ShutdownEvent event) {
        if (client != null) {
            client.close();
        }
        if (freshConnections != null) {
            freshConnections.close();
        }
    }

    private void route(RoutingContext context) {
        String path = context.normalizedPath();
        Optional<RouteTable.Target> target = routes.match(path);
        if (target.isEmpty()) {
            context.next();
            return;
        }
        if (!ForwardedPath.isPlain(path)) {
            problems.write(context, 400, "INVALID_PATH", "Bad Request",
                    "The path has an encoded '/' or '\\', or a dot segment with parameters",
                    List.of(new FieldError("path", "must not contain %2F, %5C, '\\' or '..;'")));
            return;
        }
        Optional<CallerTokens.VerifiedCaller> caller = tokens.verify(context.request());
        if (caller.isEmpty() && isMcp(path)) {
            // MCP clients learn from the challenge where to get a token (external mode: RFC 9728 metadata)
            context.response().putHeader("WWW-Authenticate", ProtectedResourceMetadata.challenge(auth,
                    ProtectedResourceMetadata.origin(context.request())));
            problems.unauthorized(context);
            return;
        }
        if (caller.isEmpty() && !isPublic(path)) {
            problems.unauthorized(context);
            return;
        }
        String length = context.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null && declaredTooLarge(length)) {
            tooLarge(context);
            return;
        }
        forward(context, target.get(), caller.orElse(null), ForwardedPath.uri(path, context.request().query()));
    }

    private static boolean isMcp(String path) {
        return path.equals(ProtectedResourceMetadata.MCP_PATH) || path.startsWith(ProtectedResourceMetadata.MCP_PATH + "/");
    }

    private boolean isPublic(String path) {
        for (String prefix : config.publicPrefixes()) {
            if (path.equals(prefix) || path.startsWith(prefix.endsWith("/") ? prefix : prefix + "/")) {
                return true;
            }
        }
        return false;
    }

    private boolean declaredTooLarge(String contentLength) {
        try {
            return Long.parseLong(contentLength.trim()) > config.maxBodySize().asLongValue();
        } catch (NumberFormatException e) {
            // Vert.x refuses a malformed Content-Length before routing; treat anything else as too large
            return true;
        }
    }

    private void tooLarge(RoutingContext context) {
        // the rest of the body is still coming: close the connection once the answer is out
        context.response().putHeader(HttpHeaders.CONNECTION, "close")
                .bodyEndHandler(written -> context.request().connection().close());
        problems.write(context, 413, "PAYLOAD_TOO_LARGE", "Content Too Large",
                "The request body is larger than " + config.maxBodySize().asLongValue() + " bytes", List.of());
    }

    private void forward(RoutingContext context, RouteTable.Target target, CallerTokens.VerifiedCaller caller,
                         String uri) {
        HttpServerRequest in = context.request();
        in.pause();
        RequestOptions options = new RequestOptions()
                .setMethod(in.method())
                .setHost(target.host())
                .setPort(target.port())
                .setSsl(target.tls())
                // exactly the path that was matched (normalised), never the raw one
                .setURI(uri)
                .setIdleTimeout(config.idleTimeout().toMillis());
        MultiMap headers = MultiMap.caseInsensitiveMultiMap();
        copyHeaders(in.headers(), headers);
        // services see only a token the gateway verified, always as a bearer header
        headers.remove(HttpHeaders.AUTHORIZATION);
        withoutCookie(headers, auth.cookie());
        if (caller != null) {
            headers.set(HttpHeaders.AUTHORIZATION, "Bearer " + caller.token());
        }
        // only the gateway vouches for a request: a caller's own peer header never passes
        headers.remove(PeerCredential.HEADER);
        peers.secret().ifPresent(secret -> headers.set(PeerCredential.HEADER, secret));
        // an MCP message accepts both JSON and an event stream (the MCP server picks): passed on as it is
        boolean streamOperation = caller != null && in.method() == HttpMethod.POST && acceptsEventStream(in)
                && !isMcp(uri.split("\\?", 2)[0]);
        if (streamOperation) {
            // the service answers 202 {operationId}; the gateway streams that operation itself
            headers.set(HttpHeaders.ACCEPT, "application/json");
        }
        // the gateway alone says where a request came from (the services rate-limit by it): a
        // caller's own forwarding headers are dropped; behind a trusted proxy (quarkus.http.proxy.*)
        // remoteAddress, authority and scheme are already the ones that proxy reported
        FORWARDING.forEach(headers::remove);
        headers.set("X-Forwarded-Host", in.authority() == null ? "" : in.authority().toString());
        headers.set("X-Forwarded-Proto", in.scheme());
        if (in.remoteAddress() != null) {
            headers.set("X-Forwarded-For", in.remoteAddress().hostAddress());
        }
        options.setHeaders(headers);
        Object requestId = context.get(RequestIds.MDC_KEY);
        if (requestId != null) {
            options.putHeader(RequestIds.HEADER, requestId.toString());
        }
        boolean declaredLength = in.headers().contains(HttpHeaders.CONTENT_LENGTH);
        boolean hasBody = declaredLength || in.headers().contains(HttpHeaders.TRANSFER_ENCODING);

        boolean idempotent = !hasBody && (in.method() == HttpMethod.GET || in.method() == HttpMethod.HEAD);
        exchange(context, new Exchange(target, caller, options, streamOperation, hasBody, declaredLength), client,
                idempotent);
    }

    /** What one forwarded request sends, kept so that an idempotent one can be sent again. */
    private record Exchange(RouteTable.Target target, CallerTokens.VerifiedCaller caller, RequestOptions options,
                            boolean streamOperation, boolean hasBody, boolean declaredLength) {
    }

    private void exchange(RoutingContext context, Exchange exchange, HttpClient via, boolean mayRetry) {
        HttpServerRequest in = context.request();
        via.request(exchange.options()).onComplete(created -> {
            if (created.failed()) {
                in.resume();
                fail(context, exchange.target(), created.cause());
                return;
            }
            HttpClientRequest out = created.result();
            AtomicBoolean refused = new AtomicBoolean();
            // the caller hung up: abort the exchange with the service, which stops its body
            context.response().closeHandler(closed -> out.reset());
            out.response().onComplete(answered -> {
                if (refused.get()) {
                    return;
                }
                if (answered.failed()) {
                    if (mayRetry && closedBeforeAnswer(answered.cause()) && !context.response().closed()
                            && !context.response().headWritten()) {
                        LOG.debugf("%s %s -> %s: the connection closed before an answer; sending it again on a new one",
                                in.method(), in.path(), exchange.target().service());
                        exchange(context, exchange, freshConnections, false);
                        return;
                    }
                    fail(context, exchange.target(), answered.cause());
                    return;
                }
                if (exchange.streamOperation() && answered.result().statusCode() == 202) {
                    operationStarts.stream(context, answered.result(), exchange.caller());
                } else {
                    relay(answered.result(), context.response());
                }
            });
            if (exchange.hasBody()) {
                if (!exchange.declaredLength()) {
                    out.setChunked(true);
                }
                sendBody(context, in, out, refused);
            } else {
                out.end();
                in.resume();
            }
        });
    }

    /**
     * Whether the connection ended before the service's answer began (closed or reset), as opposed
     * to a service that was silent for too long (a timeout is never retried: it would double the wait).
     */
    static boolean closedBeforeAnswer(Throwable cause) {
        if (isTimeout(cause)) {
            return false;
        }
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof HttpClosedException || t instanceof java.io.IOException) {
                return true;
            }
        }
        return false;
    }

    /**
     * Streams the caller's body to the service with back-pressure, counting it: past
     * {@code max-body-size} the exchange with the service is aborted and the caller gets 413.
     */
    private void sendBody(RoutingContext context, HttpServerRequest in, HttpClientRequest out, AtomicBoolean refused) {
        long limit = config.maxBodySize().asLongValue();
        long[] received = {0};
        in.handler(buffer -> {
            if (refused.get()) {
                return;
            }
            received[0] += buffer.length();
            if (received[0] > limit) {
                refused.set(true);
                out.reset();
                tooLarge(context);
                return;
            }
            out.write(buffer);
            if (out.writeQueueFull()) {
                in.pause();
                out.drainHandler(drained -> in.resume());
            }
        });
        in.endHandler(ended -> {
            if (!refused.get()) {
                out.end();
            }
        });
        in.exceptionHandler(failure -> out.reset());
        in.resume();
    }

    private static boolean acceptsEventStream(HttpServerRequest in) {
        String accept = in.getHeader(HttpHeaders.ACCEPT);
        return accept != null && accept.toLowerCase(Locale.ROOT).contains("text/event-stream");
    }

    private static void withoutCookie(MultiMap headers, String name) {
        List<String> kept = new java.util.ArrayList<>();
        for (String header : headers.getAll(HttpHeaders.COOKIE)) {
            for (String pair : header.split(";")) {
                String trimmed = pair.trim();
                if (!trimmed.isEmpty() && !trimmed.startsWith(name + "=")) {
                    kept.add(trimmed);
                }
            }
        }
        headers.remove(HttpHeaders.COOKIE);
        if (!kept.isEmpty()) {
            headers.set(HttpHeaders.COOKIE, String.join("; ", kept));
        }
    }

    /**
     * Relays the service's answer with back-pressure. Once the caller has gone (the response is
     * closed) nothing more is written to it: the service's exchange is aborted (the close handler
     * set in {@code forward}) and any buffer still arriving is dropped, not written to a dead
     * connection.
     */
    static void relay(HttpClientResponse from, HttpServerResponse to) {
        if (to.closed()) {
            from.request().reset();
            return;
        }
        to.setStatusCode(from.statusCode());
        to.setStatusMessage(from.statusMessage());
        // the gateway already answers with its own X-Request-ID, which the service echoed anyway
        String requestId = to.headers().get(RequestIds.HEADER);
        copyHeaders(from.headers(), to.headers());
        to.headers().remove(HttpHeaders.CONTENT_LENGTH);
        if (requestId != null) {
            to.headers().set(RequestIds.HEADER, requestId);
        }
        String length = from.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null) {
            to.putHeader(HttpHeaders.CONTENT_LENGTH, length);
        } else {
            to.setChunked(true);
        }
        from.handler(buffer -> {
            if (to.closed() || to.ended()) {
                return;
            }
            to.write(buffer);
            if (to.writeQueueFull()) {
                from.pause();
                to.drainHandler(drained -> from.resume());
            }
        });
        from.exceptionHandler(failure -> {
            if (!to.closed() && !to.ended()) {
                // the service failed mid-body: all a proxy can do is end the exchange
                to.reset();
            }
        });
        from.endHandler(ended -> {
            if (!to.closed() && !to.ended()) {
                to.end();
            }
        });
    }

    private static void copyHeaders(MultiMap from, MultiMap to) {
        from.forEach(header -> {
            String name = header.getKey();
            // the operation's place in the log is for the gateway alone (OperationLogHeader)
            if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT)) && !name.equalsIgnoreCase(OperationLogHeader.NAME)) {
                to.add(header.getKey(), header.getValue());
            }
        });
    }

    private void fail(RoutingContext context, RouteTable.Target target, Throwable cause) {
        if (context.response().closed() || context.response().ended()) {
            // the caller hung up (its close aborted the exchange): there is no one to answer
            return;
        }
        if (context.response().headWritten()) {
            // the service failed mid-stream: all a proxy can do is end the exchange
            context.response().reset();
            return;
        }
        boolean timeout = isTimeout(cause);
        LOG.warnf("%s %s -> %s failed: %s", context.request().method(), context.request().path(), target.service(),
                cause.toString());
        if (timeout) {
            problems.write(context, 504, "SERVICE_TIMEOUT", "Gateway Timeout",
                    "The " + target.service() + " did not answer in time", List.of());
        } else {
            problems.write(context, 502, "SERVICE_UNAVAILABLE", "Bad Gateway",
                    "The " + target.service() + " cannot be reached", List.of());
        }
    }

    private static boolean isTimeout(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof TimeoutException || t.getClass().getSimpleName().contains("Timeout")) {
                return true;
            }
        }
        return false;
    }
}
