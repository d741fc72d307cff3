package org.strategylab.bench.experiments;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A pass-through HTTP proxy between upstream-gateway and the simulator that records every call
 * (method, path, when it arrived, when its answer was sent): the simulator keeps no request log,
 * and the bench needs to see which upstream round trips a run makes and which of them wait for
 * each other. On loopback it adds well under a millisecond per call.
 */
final class RecordingProxy implements AutoCloseable {

    /** One upstream round trip as the proxy saw it; times are {@link System#nanoTime()}. */
    record Call(String method, String path, int status, long startNanos, long endNanos) {

        double millis() {
            return (endNanos - startNanos) / 1e6;
        }
    }

    private static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "transfer-encoding", "te",
            "trailer", "upgrade", "proxy-connection");

    private final Vertx vertx;
    private final HttpServer server;
    private final List<Call> calls = new ArrayList<>();

    private RecordingProxy(Vertx vertx, HttpServer server) {
        this.vertx = vertx;
        this.server = server;
    }

    /** Listens on a free loopback port and forwards everything to {@code target}'s host and port. */
    static RecordingProxy start(URI target) throws Exception {
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(2));
        HttpClient client = vertx.createHttpClient(new HttpClientOptions().setDefaultHost(target.getHost())
                .setDefaultPort(target.getPort()).setKeepAlive(true).setMaxPoolSize(500).setTcpNoDelay(true));
        RecordingProxy[] self = new RecordingProxy[1];
        HttpServer server = vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(0)
                        .setTcpNoDelay(true))
                .requestHandler(request -> self[0].forward(client, request))
                .listen().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        self[0] = new RecordingProxy(vertx, server);
        return self[0];
    }

    /** {@code http://127.0.0.1:<port>}: give it to upstream-gateway as the sites' origin. */
    String baseUrl() {
        return "http://127.0.0.1:" + server.actualPort();
    }

    /** The calls recorded so far. */
    synchronized List<Call> calls() {
        return List.copyOf(calls);
    }

    /** Forgets the calls recorded so far. */
    synchronized void clear() {
        calls.clear();
    }

    private void forward(HttpClient client, HttpServerRequest request) {
        long start = System.nanoTime();
        String path = request.path();
        request.pause();
        client.request(request.method(), request.uri()).onSuccess(upstream -> {
            request.headers().forEach(header -> {
                if (!HOP_BY_HOP.contains(header.getKey().toLowerCase(java.util.Locale.ROOT))) {
                    upstream.headers().add(header.getKey(), header.getValue());
                }
            });
            if (!upstream.headers().contains("content-length")) {
                upstream.setChunked(true);
            }
            upstream.send(request).onSuccess(answer -> {
                HttpServerResponse response = request.response().setStatusCode(answer.statusCode())
                        .setStatusMessage(answer.statusMessage());
                answer.headers().forEach(header -> {
                    if (!HOP_BY_HOP.contains(header.getKey().toLowerCase(java.util.Locale.ROOT))) {
                        response.headers().add(header.getKey(), header.getValue());
                    }
                });
                if (!response.headers().contains("content-length")) {
                    response.setChunked(true);
                }
                answer.pipeTo(response).onComplete(done -> record(request.method().name(), path, answer.statusCode(), start));
            }).onFailure(failure -> fail(request, path, start, failure));
        }).onFailure(failure -> fail(request, path, start, failure));
    }

    private void fail(HttpServerRequest request, String path, long start, Throwable failure) {
        record(request.method().name(), path, 502, start);
        if (!request.response().ended()) {
            request.response().setStatusCode(502).end("proxy: " + failure.getMessage());
        }
    }

    private synchronized void record(String method, String path, int status, long start) {
        calls.add(new Call(method, path, status, start, System.nanoTime()));
    }

    @Override
    public void close() {
        vertx.close().toCompletionStage().toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).exceptionally(e -> null)
                .join();
    }
}
