package org.strategylab.simulator.bench;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.strategylab.simulator.SimulatorOptions;
import org.strategylab.simulator.UpstreamSimulator;

/**
 * Requests per second for {@code standard} step reports (a page of 20 records with 4 attributes) with no
 * injected latency, over loopback. Not a unit test: run it by hand (see README "Benchmark"). Bounded in
 * requests and time. Without {@code --url} it starts a simulator in this JVM; with {@code --url} it drives a
 * running one (e.g. {@code java -jar upstream-simulator.jar}), which keeps client and server CPU apart.
 *
 * <p>Arguments: {@code [--url http://127.0.0.1:8090] [--seconds 15] [--connections 32] [--max-requests 200000]}.
 */
public final class StandardReportBenchmark {

    private StandardReportBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        String url = null;
        int seconds = 15;
        int connections = 32;
        long maxRequests = 200_000;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--url" -> url = args[i + 1];
                case "--seconds" -> seconds = Integer.parseInt(args[i + 1]);
                case "--connections" -> connections = Integer.parseInt(args[i + 1]);
                case "--max-requests" -> maxRequests = Long.parseLong(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        UpstreamSimulator local = url == null ? UpstreamSimulator.start(SimulatorOptions.defaults()) : null;
        String base = (url == null ? local.baseUrl() : url) + "/plasmo/service";
        try {
            String[] session = prepare(base);
            String reportPath = URI.create(base).getPath() + "/users/current/steps/" + session[1] + "/reports/standard";
            String body = "{\"reportConfig\":{\"pagination\":{\"offset\":0,\"numRecords\":20},"
                    + "\"attributes\":[\"gene_product\",\"organism\",\"gene_location_text\",\"gene_type\"]}}";
            run(URI.create(base), reportPath, session[0], body, seconds, connections, maxRequests);
        } finally {
            if (local != null) {
                local.close();
            }
        }
    }

    /** Creates a guest, a step and a strategy around it; returns {token, stepId}. */
    private static String[] prepare(String base) throws Exception {
        java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
        HttpResponse<String> me = client.send(HttpRequest.newBuilder(URI.create(base + "/users/current")).build(),
                HttpResponse.BodyHandlers.ofString());
        String token = me.headers().allValues("set-cookie").stream().filter(c -> c.startsWith("Authorization="))
                .map(c -> c.substring("Authorization=".length(), c.indexOf(';'))).findFirst().orElseThrow();
        String step = post(client, base + "/users/current/steps", token, "{\"searchName\":\"GenesByTaxon\",\"searchConfig\":"
                + "{\"parameters\":{\"organism\":\"[\\\"Plasmodium falciparum 3D7\\\"]\"}}}");
        post(client, base + "/users/current/strategies", token, "{\"name\":\"bench\",\"isSaved\":false,\"isPublic\":false,"
                + "\"stepTree\":{\"stepId\":" + step + "}}");
        return new String[] {token, step};
    }

    private static String post(java.net.http.HttpClient client, String url, String token, String json) throws Exception {
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(url)).header("Cookie", "Authorization=" + token)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException(url + " answered " + response.statusCode() + ": " + response.body());
        }
        return response.body().replaceAll("\\D+", "");
    }

    private static void run(URI base, String path, String token, String body, int seconds, int connections, long maxRequests)
            throws InterruptedException {
        Vertx vertx = Vertx.vertx();
        HttpClient client = vertx.createHttpClient(new HttpClientOptions().setMaxPoolSize(connections).setKeepAlive(true)
                .setPipelining(false).setDefaultHost(base.getHost()).setDefaultPort(base.getPort()));
        Buffer payload = Buffer.buffer(body);
        AtomicLong ok = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        AtomicLong started = new AtomicLong();
        long warmupEnd = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        long deadline = warmupEnd + TimeUnit.SECONDS.toNanos(seconds);
        AtomicLong measuredStart = new AtomicLong();
        AtomicLong measuredOk = new AtomicLong();
        CountDownLatch done = new CountDownLatch(connections);
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.POST).setURI(path)
                .putHeader("Content-Type", "application/json").putHeader("Cookie", "Authorization=" + token);
        for (int c = 0; c < connections; c++) {
            loop(client, options, payload, ok, failed, started, deadline, warmupEnd, measuredStart, measuredOk, maxRequests, done);
        }
        done.await(seconds + 30L, TimeUnit.SECONDS);
        double elapsed = (System.nanoTime() - measuredStart.get()) / 1e9;
        System.out.printf("standard step reports (20 records, 4 attributes): %d ok, %d failed; %.0f requests/s over %.1f s "
                + "(after 2 s warm-up), %d connections%n", ok.get(), failed.get(), measuredOk.get() / elapsed, elapsed, connections);
        vertx.close();
    }

    private static void loop(HttpClient client, RequestOptions options, Buffer payload, AtomicLong ok, AtomicLong failed,
                             AtomicLong started, long deadline, long warmupEnd, AtomicLong measuredStart, AtomicLong measuredOk,
                             long maxRequests, CountDownLatch done) {
        long now = System.nanoTime();
        if (now > deadline || started.incrementAndGet() > maxRequests) {
            done.countDown();
            return;
        }
        if (now >= warmupEnd) {
            measuredStart.compareAndSet(0, now);
        }
        Future<Buffer> response = client.request(options).compose(req -> req.send(payload)).compose(res -> {
            if (res.statusCode() != 200) {
                return Future.failedFuture("status " + res.statusCode());
            }
            return res.body();
        });
        response.onComplete(result -> {
            if (result.succeeded()) {
                ok.incrementAndGet();
                if (measuredStart.get() != 0) {
                    measuredOk.incrementAndGet();
                }
            } else {
                failed.incrementAndGet();
            }
            loop(client, options, payload, ok, failed, started, deadline, warmupEnd, measuredStart, measuredOk, maxRequests, done);
        });
    }
}
