package org.strategylab.bench.sse;

import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.util.KeyUtils;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.PoolOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.strategylab.testsupport.TestTokens;

/**
 * The SSE benchmark of issue 6 (see README.md): N subscribers on one gateway against a plain
 * KafkaConsumer on the same topic in the same run, replay of a long operation, and the gateway's
 * memory. Producer, consumer and SSE clients all run in this JVM, so one clock
 * ({@code System.nanoTime()}) measures produce-to-receipt latency for both readers.
 */
public final class SseBench {

    static final String FANOUT_TOPIC = "bench.events";
    static final String REPLAY_TOPIC = "bench.replay";
    private static final Duration PHASE_TIMEOUT = Duration.ofMinutes(3);
    // held, so the levels set on them stay in force
    private static final List<Logger> QUIET = List.of(Logger.getLogger("org.apache.kafka"), Logger.getLogger("io.vertx"),
            Logger.getLogger("io.netty"));

    private final BenchOptions options;
    private final BenchStack stack;
    private final String bearer;

    private SseBench(BenchOptions options, BenchStack stack) throws Exception {
        this.options = options;
        this.stack = stack;
        this.bearer = "Bearer " + token("bench");
    }

    /** Runs the bench; {@code --help} lists the flags. */
    public static void main(String[] args) throws Exception {
        QUIET.forEach(logger -> logger.setLevel(Level.WARNING));
        BenchOptions options;
        try {
            options = new BenchOptions(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        say("SSE bench, " + Instant.now() + ", " + Runtime.getRuntime().availableProcessors() + " cores, Java "
                + System.getProperty("java.version") + ", load average " + loadAverage());
        int status = 0;
        try (BenchStack stack = new BenchStack(options)) {
            stack.start(List.of(FANOUT_TOPIC, REPLAY_TOPIC));
            new SseBench(options, stack).run();
        } catch (Exception e) {
            e.printStackTrace();
            status = 1;
        }
        say("load average at the end " + loadAverage());
        // Vert.x and Kafka leave non-daemon threads behind
        System.exit(status);
    }

    private void run() throws Exception {
        say(String.format("gateway RSS idle (ready, no stream yet): %.0f MiB", stack.gatewayRssMib()));
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(options.eventLoops()));
        HttpClient client = vertx.createHttpClient(new HttpClientOptions()
                        .setDefaultHost(stack.gatewayUri().getHost()).setDefaultPort(stack.gatewayUri().getPort())
                        .setConnectTimeout(10_000).setIdleTimeout(0).setKeepAlive(true),
                new PoolOptions().setHttp1MaxSize(options.subscribers() + 16).setMaxWaitQueueSize(-1));
        try (BenchWorker worker = new BenchWorker(stack)) {
            if (options.runs("fanout")) {
                fanOut(client, worker);
            }
            if (options.runs("replay")) {
                replay(client, worker);
            }
        } finally {
            client.close();
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    private void fanOut(HttpClient client, BenchWorker worker) throws Exception {
        int subscribers = options.subscribers();
        int operationCount = options.operations();
        long pacedEvents = (long) options.rate() * options.seconds();
        int burst = options.burst();
        List<BenchWorker.Operation> operations = worker.register("bench", FANOUT_TOPIC, operationCount);
        // subscriber i watches operation i % operations; event i goes to operation i % operations
        long[] subscribersOf = spread(subscribers, operationCount);
        Tally sse = new Tally((int) Math.min(Integer.MAX_VALUE - 8, deliveries(pacedEvents, subscribersOf)),
                (int) deliveries(burst, subscribersOf));
        Tally plain = new Tally((int) pacedEvents, burst);

        say("");
        say(String.format("== fan-out: %d SSE subscribers over %d operations (%s per operation), topic %s (3 partitions)",
                subscribers, operationCount, subscribers % operationCount == 0 ? Integer.toString(subscribers / operationCount)
                        : "about " + subscribers / operationCount, FANOUT_TOPIC));
        try (PlainConsumer consumer = new PlainConsumer(stack.bootstrap(), FANOUT_TOPIC, plain)) {
            List<SseStream> streams = new ArrayList<>();
            long connectStart = System.nanoTime();
            for (int wave = 0; wave < subscribers; wave += 100) {
                List<Future<Void>> opened = new ArrayList<>();
                for (int i = wave; i < Math.min(subscribers, wave + 100); i++) {
                    SseStream stream = new SseStream(operations.get(i % operationCount).id, sse);
                    streams.add(stream);
                    opened.add(stream.open(client, bearer));
                }
                Future.all(opened).toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
            }
            say(String.format("connected %d streams in %.1f s; gateway RSS with them open: %.0f MiB", subscribers,
                    (System.nanoTime() - connectStart) / 1e9, stack.gatewayRssMib()));

            // warm-up: the gateway's and this JVM's hot paths get compiled before anything is measured
            int warmUp = 20 * operationCount;
            paced(worker, operations, warmUp, Math.max(500, options.rate() / 2), Tally.WARM_UP);
            await("warm-up", () -> sse.delivered(Tally.WARM_UP), deliveries(warmUp, subscribersOf),
                    () -> plain.delivered(Tally.WARM_UP), warmUp);

            say(String.format("-- paced: %d events/s for %d s = %d events, %d SSE deliveries", options.rate(),
                    options.seconds(), pacedEvents, deliveries(pacedEvents, subscribersOf)));
            double[] cpuBefore = stack.cpuSeconds();
            long pacedStart = System.nanoTime();
            paced(worker, operations, pacedEvents, options.rate(), Tally.PACED);
            long pacedSent = System.nanoTime();
            await("paced", () -> sse.delivered(Tally.PACED), deliveries(pacedEvents, subscribersOf),
                    () -> plain.delivered(Tally.PACED), pacedEvents);
            say("   SSE latency produce->receipt:      " + sse.latencies(Tally.PACED).summary());
            say("   consumer latency produce->receipt: " + plain.latencies(Tally.PACED).summary());
            report("   ", pacedEvents, subscribersOf, pacedStart, pacedSent, sse, plain, Tally.PACED);
            cpu(cpuBefore, pacedStart);
            say(String.format("   gateway RSS: %.0f MiB", stack.gatewayRssMib()));

            say(String.format("-- burst: %d events appended as fast as the producer takes them, %d SSE deliveries", burst,
                    deliveries(burst, subscribersOf)));
            cpuBefore = stack.cpuSeconds();
            long burstStart = System.nanoTime();
            for (int i = 0; i < burst; i++) {
                worker.emit(operations.get(i % operationCount), "progress", Tally.BURST);
            }
            worker.flush();
            long burstAcked = System.nanoTime();
            await("burst", () -> sse.delivered(Tally.BURST), deliveries(burst, subscribersOf),
                    () -> plain.delivered(Tally.BURST), burst);
            say(String.format("   producer: all %d acknowledged after %.2f s (%.0f events/s)", burst,
                    (burstAcked - burstStart) / 1e9, burst / ((burstAcked - burstStart) / 1e9)));
            say("   SSE latency produce->receipt:      " + sse.latencies(Tally.BURST).summary());
            say("   consumer latency produce->receipt: " + plain.latencies(Tally.BURST).summary());
            report("   ", burst, subscribersOf, burstStart, burstAcked, sse, plain, Tally.BURST);
            cpu(cpuBefore, burstStart);
            say(String.format("   gateway RSS: %.0f MiB (peak so far %.0f MiB)", stack.gatewayRssMib(),
                    stack.gatewayPeakRssMib()));

            // every operation ends; its streams must end right after the terminal event
            for (BenchWorker.Operation operation : operations) {
                worker.emit(operation, "operation_completed", Tally.END);
            }
            worker.flush();
            worker.markCompleted(operations);
            Future.all(streams.stream().map(SseStream::ended).toList()).toCompletionStage().toCompletableFuture()
                    .get(PHASE_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            long unfinished = streams.stream().filter(stream -> !stream.terminal()).count();
            say(String.format("-- end: all %d streams closed by the gateway, %d without their terminal event%s;"
                    + " out-of-sequence events %d, replay_gap notices %d", subscribers, unfinished,
                    unfinished == 0 ? "" : " (first reason: " + streams.stream().filter(s -> !s.terminal())
                            .map(SseStream::closeReason).findFirst().orElse("?") + ")",
                    sse.outOfSequence.get(), sse.gaps.get()));
            say(String.format("   gateway RSS after the streams closed: %.0f MiB", stack.gatewayRssMib()));
        }
    }

    private void report(String indent, long events, long[] subscribersOf, long start, long sent, Tally sse, Tally plain,
                        int phase) {
        long deliveries = deliveries(events, subscribersOf);
        double sseSeconds = (sse.lastAt(phase) - start) / 1e9;
        double plainSeconds = (plain.lastAt(phase) - start) / 1e9;
        say(String.format("%sappending took %.2f s; the plain consumer had every event after %.2f s, every SSE "
                + "subscriber after %.2f s", indent, (sent - start) / 1e9, plainSeconds, sseSeconds));
        say(String.format("%splain consumer: %.0f events/s read", indent, events / plainSeconds));
        say(String.format("%sSSE: %.0f deliveries/s = %.0f events/s fanned out to all their subscribers "
                        + "(x%.1f); ratio to the consumer %.2f", indent, deliveries / sseSeconds, events / sseSeconds,
                (double) deliveries / events, plainSeconds / sseSeconds));
    }

    /** CPU seconds each process used since {@code before}, against the wall time and the machine's cores. */
    private void cpu(double[] before, long since) {
        double[] now = stack.cpuSeconds();
        double wall = (System.nanoTime() - since) / 1e9;
        say(String.format("   CPU used in %.1f s on %d cores: gateway %s, broker %s, bench (producer, consumer, SSE "
                        + "clients) %s", wall, Runtime.getRuntime().availableProcessors(), cpuText(before[0], now[0]),
                cpuText(before[1], now[1]), cpuText(before[2], now[2])));
    }

    private static String cpuText(double before, double now) {
        return before < 0 || now < 0 ? "unknown" : String.format("%.1f s", now - before);
    }

    private void replay(HttpClient client, BenchWorker worker) throws Exception {
        int events = options.replayEvents();
        say("");
        say(String.format("== replay: one ended operation of %d events + its terminal event, alone on topic %s "
                + "(1 partition), read from the start %d + %d times (events/s from the request to the last event)",
                events, REPLAY_TOPIC, options.replayWarmUps(), options.replayReps()));
        BenchWorker.Operation operation = worker.register("bench", REPLAY_TOPIC, 1).get(0);
        for (int i = 0; i < events; i++) {
            worker.emit(operation, "progress", Tally.REPLAY);
        }
        worker.emit(operation, "operation_completed", Tally.REPLAY);
        worker.flush();
        worker.markCompleted(List.of(operation));
        long total = events + 1L;
        // the first replays run the gateway's catch-up path cold (interpreted, then compiled): shown, not counted
        for (int warmUp = 0; warmUp < options.replayWarmUps(); warmUp++) {
            replayOnce(client, operation, total, "warm-up " + (warmUp + 1));
        }
        double[] rates = new double[options.replayReps()];
        for (int rep = 0; rep < options.replayReps(); rep++) {
            rates[rep] = replayOnce(client, operation, total, "rep " + (rep + 1));
        }
        say(String.format("   SSE replay: median %.0f events/s, best %.0f events/s", median(rates), max(rates)));
        double[] plainRates = new double[options.replayReps()];
        try (PlainReplay plain = new PlainReplay(stack.bootstrap())) {
            for (int warmUp = 0; warmUp < options.replayWarmUps(); warmUp++) {
                plain.read(operation, total);
            }
            for (int rep = 0; rep < options.replayReps(); rep++) {
                long start = System.nanoTime();
                long read = plain.read(operation, total);
                plainRates[rep] = read / ((System.nanoTime() - start) / 1e9);
            }
        }
        say(String.format("   plain consumer reading the same events (one consumer kept across reads: assign, seek, "
                + "decode), after %d warm-ups, %d times: median %.0f events/s, best %.0f events/s", options.replayWarmUps(),
                options.replayReps(), median(plainRates),
                max(plainRates)));
        say(String.format("   gateway RSS: %.0f MiB (peak of the run %.0f MiB)", stack.gatewayRssMib(),
                stack.gatewayPeakRssMib()));
    }

    /** Reads the ended operation from the start; events/s from sending the request to the last event. */
    private double replayOnce(HttpClient client, BenchWorker.Operation operation, long total, String label)
            throws Exception {
        Tally tally = new Tally(1, 1);
        SseStream stream = new SseStream(operation.id, tally);
        long start = System.nanoTime();
        stream.open(client, bearer);
        stream.ended().toCompletionStage().toCompletableFuture().get(PHASE_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        if (tally.delivered(Tally.REPLAY) != total || tally.outOfSequence.get() != 0 || !stream.terminal()) {
            throw new IllegalStateException("a replay was incomplete: " + tally.delivered(Tally.REPLAY) + " of " + total
                    + " events, " + tally.outOfSequence.get() + " out of sequence, " + stream.closeReason());
        }
        double rate = total / ((tally.lastAt(Tally.REPLAY) - start) / 1e9);
        say(String.format("   %s: %.0f events/s (first event after %.0f ms, the rest in %.0f ms)", label, rate,
                (stream.firstEventAt() - start) / 1e6, (tally.lastAt(Tally.REPLAY) - stream.firstEventAt()) / 1e6));
        return rate;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElse(0);
    }

    /** Appends {@code count} events round-robin over the operations at {@code rate} events/s. */
    private static void paced(BenchWorker worker, List<BenchWorker.Operation> operations, long count, int rate, int phase) {
        long start = System.nanoTime();
        double interval = 1e9 / rate;
        for (long i = 0; i < count; i++) {
            long due = start + (long) (i * interval);
            long now;
            while ((now = System.nanoTime()) < due) {
                // pacing the producer, not waiting for a condition
                LockSupport.parkNanos(due - now);
            }
            worker.emit(operations.get((int) (i % operations.size())), "progress", phase);
        }
        worker.flush();
    }

    /** Waits until both readers have everything of the phase; reports progress and gives up after the timeout. */
    private static void await(String phase, LongSupplier sse, long sseExpected, LongSupplier plain, long plainExpected)
            throws InterruptedException {
        long deadline = System.nanoTime() + PHASE_TIMEOUT.toNanos();
        long nextReport = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (sse.getAsLong() < sseExpected || plain.getAsLong() < plainExpected) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(String.format("%s: after %d s, SSE delivered %d of %d, the consumer read "
                        + "%d of %d", phase, PHASE_TIMEOUT.toSeconds(), sse.getAsLong(), sseExpected, plain.getAsLong(),
                        plainExpected));
            }
            if (System.nanoTime() > nextReport) {
                say(String.format("   (%s: SSE %d of %d, consumer %d of %d)", phase, sse.getAsLong(), sseExpected,
                        plain.getAsLong(), plainExpected));
                nextReport += TimeUnit.SECONDS.toNanos(10);
            }
            Thread.sleep(20);
        }
    }

    /** How many of {@code total} items, dealt round-robin, each of {@code buckets} gets. */
    private static long[] spread(long total, int buckets) {
        long[] counts = new long[buckets];
        for (int i = 0; i < buckets; i++) {
            counts[i] = total / buckets + (i < total % buckets ? 1 : 0);
        }
        return counts;
    }

    /** SSE deliveries when {@code events} are dealt round-robin over operations watched by {@code subscribersOf}. */
    private static long deliveries(long events, long[] subscribersOf) {
        long[] eventsOf = spread(events, subscribersOf.length);
        long total = 0;
        for (int i = 0; i < subscribersOf.length; i++) {
            total += eventsOf[i] * subscribersOf[i];
        }
        return total;
    }

    private String token(String user) throws Exception {
        if (options.privateKey() == null) {
            return TestTokens.forUser(user);
        }
        return Jwt.issuer(TestTokens.ISSUER).subject(user).upn(user).expiresIn(Duration.ofHours(2))
                .sign(KeyUtils.decodePrivateKey(Files.readString(Path.of(options.privateKey()))));
    }

    private static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return fields[0] + " " + fields[1] + " " + fields[2] + " (1/5/15 min)";
        } catch (Exception e) {
            return "unknown";
        }
    }

    static void say(String line) {
        BenchStack.say(line);
    }
}
