package org.strategylab.bench.experiments;

import org.strategylab.testsupport.bench.BenchHost;
import org.strategylab.testsupport.bench.LiveEventsTail;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.strategylab.simulator.faults.Latency;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.process.ManagedProcess;

/**
 * The experiments benchmark (issue 12): (a) the wall time of one search-mode experiment with the
 * simulator adding a fixed latency to every call, against the upstream round trips its run had to
 * wait for one after another; (b) rounds of many concurrent gene-ID experiments: completions per
 * second and experiment-service's resident memory; (c) a 12-point threshold sweep at concurrency 3
 * with every point's evaluation slowed at the simulator, against ceil(12/3) × one point's time. See
 * README.md for what each figure means.
 */
public final class ExperimentsBench {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String EXPERIMENTS = "/api/v1/experiments";
    private static final String KINASES = "{\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":"
            + "[\"Plasmodium falciparum 3D7\"],\"go_typeahead\":[\"GO:0004672\"]}}";
    private static final String FALCIPARUM = "{\"searchName\":\"GenesByTaxon\",\"parameters\":{\"organism\":"
            + "[\"Plasmodium falciparum 3D7\"]}}";
    private static final Duration RUN_LIMIT = Duration.ofMinutes(5);

    private final BenchOptions options;
    private final BenchStack stack;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private LiveEventsTail events;

    private ExperimentsBench(BenchOptions options) {
        this.options = options;
        this.stack = new BenchStack(options);
    }

    public static void main(String[] args) throws Exception {
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        ExperimentsBench bench = new ExperimentsBench(options);
        int exit = 0;
        try {
            bench.run();
        } catch (Exception | Error e) {
            e.printStackTrace();
            exit = 1;
        } finally {
            bench.close();
        }
        // the HTTP clients' and Vert.x's threads would keep the JVM alive
        System.exit(exit);
    }

    private void run() throws Exception {
        BenchHost.clear(options.workDir());
        Files.createDirectories(options.workDir());
        BenchStack.say("machine: " + Runtime.getRuntime().availableProcessors() + " cores, load average " + BenchHost.loadAverage());
        stack.start();
        events = new LiveEventsTail(stack.kafka().bootstrapServers(), List.of(BenchStack.EVENTS));
        if (List.of("all", "search").contains(options.phase())) {
            searchMode();
        }
        if (List.of("all", "concurrent").contains(options.phase())) {
            concurrentGeneIds();
        }
        if (List.of("all", "sweep").contains(options.phase())) {
            sweep();
        }
        if (List.of("all", "steps").contains(options.phase())) {
            stepAnalysis();
        }
        if ("queue".equals(options.phase())) {
            queue();
        }
        BenchStack.say("load average at the end: " + BenchHost.loadAverage());
    }

    // ---- (a) one search-mode experiment against its upstream critical path ----

    private void searchMode() throws Exception {
        String user = "bench-search-" + UUID.randomUUID();
        List<String> kinases = searchIds(user, KINASES);
        Set<String> kinaseSet = Set.copyOf(kinases);
        List<String> others = searchIds(user, FALCIPARUM).stream().filter(id -> !kinaseSet.contains(id)).toList();
        List<String> positives = new ArrayList<>(kinases.subList(0, Math.min(30, kinases.size() - 5)));
        positives.addAll(others.subList(0, 10));
        List<String> negatives = new ArrayList<>(others.subList(10, 50));
        negatives.addAll(kinases.subList(kinases.size() - 5, kinases.size()));
        ObjectNode body = (ObjectNode) JSON.readTree(KINASES);
        body.put("siteId", "plasmodb").put("name", "bench kinases");
        body.set("positiveControls", JSON.valueToTree(positives));
        body.set("negativeControls", JSON.valueToTree(negatives));
        String request = JSON.writeValueAsString(body);

        stack.simulator().faults().reset();
        stack.simulator().faults().latency(Latency.fixed(Duration.ofMillis(options.latencyMs())));
        BenchStack.say(String.format("(a) search mode: %d positive and %d negative controls, %d ms latency on every "
                + "simulator call; %d warm-up run(s), then %d measured", positives.size(), negatives.size(),
                options.latencyMs(), options.warmups(), options.runs()));
        List<double[]> measured = new ArrayList<>();
        List<RecordingProxy.Call> lastCalls = List.of();
        List<RecordingProxy.Call> lastChain = List.of();
        List<LiveEventsTail.Arrival> lastEvents = List.of();
        long lastStart = 0;
        long lastStartMillis = 0;
        for (int i = 0; i < options.warmups() + options.runs(); i++) {
            stack.proxy().clear();
            long startMillis = System.currentTimeMillis();
            long start = System.nanoTime();
            Started started = start(user, request);
            long accepted = System.nanoTime();
            LiveEventsTail.Progress progress = events.of(started.operationId());
            long end = progress.ended.get(RUN_LIMIT.toSeconds(), TimeUnit.SECONDS);
            if (!"completed".equals(progress.endStatus())) {
                throw new IllegalStateException("search-mode experiment " + started.experimentId() + " ended "
                        + progress.endStatus());
            }
            List<RecordingProxy.Call> calls = stack.proxy().calls().stream()
                    .filter(c -> c.startNanos() >= start && c.startNanos() <= end).toList();
            List<RecordingProxy.Call> chain = CriticalPath.of(calls);
            double wall = (end - start) / 1e6;
            double chainMs = CriticalPath.millis(chain);
            boolean warmup = i < options.warmups();
            // where the rest of the wall time goes: before the path's first call, between its calls, after its last
            double before = (chain.get(0).startNanos() - start) / 1e6;
            double gaps = 0;
            for (int k = 1; k < chain.size(); k++) {
                gaps += (chain.get(k).startNanos() - chain.get(k - 1).endNanos()) / 1e6;
            }
            double after = (end - chain.get(chain.size() - 1).endNanos()) / 1e6;
            BenchStack.say(String.format("  %s %d: wall %.0f ms (202 after %.0f ms, first event %.0f ms, run %.0f ms); "
                            + "%d upstream calls, %d on the critical path = %.0f ms; wall / path = %.3f",
                    warmup ? "warm-up" : "run", i + 1, wall, (accepted - start) / 1e6, (progress.firstNanos - start) / 1e6,
                    (end - progress.firstNanos) / 1e6, calls.size(), chain.size(), chainMs, wall / chainMs));
            BenchStack.say(String.format("      beyond the path: %.0f ms before its first call, %.0f ms between its calls, "
                    + "%.0f ms after its last call until the end event arrived", before, gaps, after));
            if (!warmup) {
                measured.add(new double[] {wall, chainMs, chain.size(), calls.size(), before, gaps, after});
                lastCalls = calls;
                lastChain = chain;
                lastStart = start;
                lastStartMillis = startMillis;
                lastEvents = List.copyOf(progress.arrivals);
            }
        }
        double wall = median(measured, 0);
        double path = median(measured, 1);
        BenchStack.say(String.format("(a) median of %d runs: wall %.0f ms, critical path %.0f ms (%.0f calls on it, "
                + "%.0f calls in all): wall / path = %.3f (goal <= 1.15)", measured.size(), wall, path,
                median(measured, 2), median(measured, 3), wall / path));
        BenchStack.say(String.format("(a) medians beyond the path: %.0f ms before its first call, %.0f ms between its "
                + "calls, %.0f ms after its last call", median(measured, 4), median(measured, 5), median(measured, 6)));
        BenchStack.say("(a) the last measured run's upstream calls (ms from the POST; * = on the critical path):");
        Set<RecordingProxy.Call> onPath = new LinkedHashSet<>(lastChain);
        for (RecordingProxy.Call call : lastCalls.stream().sorted(Comparator.comparingLong(RecordingProxy.Call::startNanos)).toList()) {
            BenchStack.say(String.format("    %s %7.1f – %7.1f  %-6s %s %d", onPath.contains(call) ? "*" : " ",
                    (call.startNanos() - lastStart) / 1e6, (call.endNanos() - lastStart) / 1e6, call.method(),
                    call.path(), call.status()));
        }
        BenchStack.say("(a) the last measured run's events (ms from the POST: written by the service, as the record's "
                + "timestamp says, to the ms; arrived here):");
        for (LiveEventsTail.Arrival event : lastEvents) {
            BenchStack.say(String.format("    %-22s written %5d  arrived %7.1f  %,9d bytes", event.type(),
                    event.recordMillis() - lastStartMillis, (event.nanos() - lastStart) / 1e6, event.bytes()));
        }
        stack.simulator().faults().reset();
    }

    // ---- (e) issue 32's scenario: a burst of search-mode runs on a slow site ----

    /** How long the queue phase waits for its runs: the service's own run limit (30 min), twice over for two waves. */
    private static final Duration QUEUE_LIMIT = Duration.ofMinutes(65);

    /**
     * One user submits {@code --queue-runs} search-mode experiments at once while every user-scoped site
     * call ({@code /users/…}) takes {@code --queue-latency-ms}; experiment-service runs its default
     * {@code runs.max-concurrent} (8) at a time, so the rest wait. Every run must complete: none is
     * failed for waiting, none cut by a limit shorter than its own.
     */
    private void queue() throws Exception {
        String user = "bench-queue-" + UUID.randomUUID();
        stack.simulator().faults().reset();
        List<String> kinases = searchIds(user, KINASES);
        Set<String> kinaseSet = Set.copyOf(kinases);
        List<String> others = searchIds(user, FALCIPARUM).stream().filter(id -> !kinaseSet.contains(id)).toList();
        ObjectNode body = (ObjectNode) JSON.readTree(KINASES);
        body.put("siteId", "plasmodb");
        body.set("positiveControls", JSON.valueToTree(kinases.subList(0, Math.min(20, kinases.size()))));
        body.set("negativeControls", JSON.valueToTree(others.subList(0, 20)));
        stack.simulator().faults().latency("/users/", Latency.fixed(Duration.ofMillis(options.queueLatencyMs())));
        BenchStack.say(String.format("(e) queue: %d search-mode experiments submitted at once by one user, every "
                + "/users/ call of the site taking %d ms", options.queueRuns(), options.queueLatencyMs()));
        long t0 = System.nanoTime();
        List<CompletableFuture<Started>> posts = new ArrayList<>();
        for (int i = 0; i < options.queueRuns(); i++) {
            posts.add(startHonouringRetryAfter(user, JSON.writeValueAsString(body.deepCopy().put("name", "queued run " + (i + 1))), 20));
        }
        List<Started> started = new ArrayList<>();
        for (CompletableFuture<Started> post : posts) {
            started.add(post.get(QUEUE_LIMIT.toSeconds(), TimeUnit.SECONDS));
        }
        BenchStack.say(String.format("(e) all %d accepted after %.1f s (%d busy answers waited out, as Retry-After asked)",
                started.size(), (System.nanoTime() - t0) / 1e9, busyRetries.get()));
        List<double[]> rows = new ArrayList<>();
        int completed = 0;
        for (int i = 0; i < started.size(); i++) {
            LiveEventsTail.Progress progress = events.of(started.get(i).operationId());
            long end = progress.ended.get(QUEUE_LIMIT.toSeconds(), TimeUnit.SECONDS);
            long runStart = progress.arrivals.stream().filter(a -> "started".equals(a.phase())).mapToLong(LiveEventsTail.Arrival::nanos)
                    .findFirst().orElse(end);
            double queued = (runStart - t0) / 1e9;
            double total = (end - t0) / 1e9;
            boolean done = "completed".equals(progress.endStatus()) && "completed".equals(status(user, started.get(i)));
            completed += done ? 1 : 0;
            rows.add(new double[] {queued, total - queued, total});
            BenchStack.say(String.format("  run %2d: %-9s queued %6.1f s, ran %6.1f s, ended at %6.1f s%s", i + 1,
                    progress.endStatus(), queued, total - queued, total,
                    progress.endError() == null ? "" : " - " + progress.endError()));
        }
        BenchStack.say(String.format("(e) %d of %d completed; time in queue median %.1f s, max %.1f s; run time median "
                        + "%.1f s, max %.1f s; all ended after %.1f s", completed, started.size(), median(rows, 0),
                rows.stream().mapToDouble(r -> r[0]).max().orElse(0), median(rows, 1),
                rows.stream().mapToDouble(r -> r[1]).max().orElse(0), rows.stream().mapToDouble(r -> r[2]).max().orElse(0)));
        stack.simulator().faults().reset();
        if (completed != started.size()) {
            throw new IllegalStateException((started.size() - completed) + " queued run(s) did not complete");
        }
    }

    // ---- (c) a 12-point threshold sweep against ceil(12/3) × one point ----

    /** Each point's helper strategy (one per point) is made slowly; the sweep's cleanup lists them with a GET. */
    private static final String POINT_PATH = "/strategies$";
    private static final int SWEEP_POINTS = 12;
    private static final int SWEEP_CONCURRENCY = 3;

    private void sweep() throws Exception {
        String user = "bench-sweep-" + UUID.randomUUID();
        stack.simulator().faults().reset();
        List<String> light = searchIds(user, weight("10000", "30000"));
        List<String> heavy = searchIds(user, weight("60000", "200000"));
        ObjectNode body = (ObjectNode) JSON.readTree(weight("10000", "50000"));
        body.put("siteId", "plasmodb").put("name", "bench weights");
        body.set("positiveControls", JSON.valueToTree(light.subList(0, 20)));
        body.set("negativeControls", JSON.valueToTree(heavy.subList(0, 20)));
        Started experiment = start(user, JSON.writeValueAsString(body));
        LiveEventsTail.Progress run = events.of(experiment.operationId());
        run.ended.get(RUN_LIMIT.toSeconds(), TimeUnit.SECONDS);
        if (!"completed".equals(run.endStatus())) {
            throw new IllegalStateException("the sweep's experiment ended " + run.endStatus());
        }
        stack.simulator().faults().latency(POINT_PATH, Latency.fixed(Duration.ofMillis(options.pointLatencyMs())));
        BenchStack.say(String.format("(c) threshold sweep: %d ms latency on each point's helper strategy; %d one-point "
                + "sweeps and %d sweeps of %d points (after one warm-up of each)", options.pointLatencyMs(),
                5 * options.sweepRuns(), options.sweepRuns(), SWEEP_POINTS));
        String one = "{\"parameterName\":\"min_molecular_weight\",\"sweepType\":\"categorical\",\"values\":[\"20000\"]}";
        String twelve = "{\"parameterName\":\"min_molecular_weight\",\"minValue\":0,\"maxValue\":55000,\"steps\":"
                + SWEEP_POINTS + "}";
        List<double[]> single = new ArrayList<>();
        for (int i = 0; i <= 5 * options.sweepRuns(); i++) {
            double[] measured = sweepOnce(user, experiment.experimentId(), one, 1);
            if (i > 0) {
                single.add(measured);
            }
        }
        double pointMs = median(single, 1);
        double singleWall = median(single, 0);
        BenchStack.say(String.format("  one point: median wall %.0f ms, the point itself (its first to its last upstream "
                + "call) %.0f ms", singleWall, pointMs));
        double ideal = Math.ceil((double) SWEEP_POINTS / SWEEP_CONCURRENCY) * pointMs;
        List<double[]> full = new ArrayList<>();
        for (int i = 0; i <= options.sweepRuns(); i++) {
            double[] measured = sweepOnce(user, experiment.experimentId(), twelve, SWEEP_POINTS);
            BenchStack.say(String.format("  %s %d: wall %.0f ms, points %.0f ms (first point call to last call), peak %.0f "
                            + "points at once at the simulator; points / ideal %.0f ms = %.3f",
                    i == 0 ? "warm-up" : "sweep", i, measured[0], measured[1], measured[2], ideal, measured[1] / ideal));
            if (i > 0) {
                full.add(measured);
            }
        }
        double points = median(full, 1);
        double wall = median(full, 0);
        BenchStack.say(String.format("(c) median of %d sweeps of %d points: the points took %.0f ms against ceil(%d/%d) × "
                        + "%.0f ms = %.0f ms: %.3f (goal <= 1.1); end to end %.0f ms against the one-point sweep's %.0f ms "
                        + "+ 3 more rounds = %.0f ms: %.3f", full.size(), SWEEP_POINTS, points, SWEEP_POINTS,
                SWEEP_CONCURRENCY, pointMs, ideal, points / ideal, wall, singleWall, singleWall + 3 * pointMs,
                wall / (singleWall + 3 * pointMs)));
        stack.simulator().faults().reset();
    }

    /**
     * One sweep, POST to {@code sweep_complete}: {wall ms, ms from its points' first upstream call to
     * their last, peak helper strategies made at once}. The cleanup's listing of strategies is not a point's.
     */
    private double[] sweepOnce(String user, UUID experimentId, String body, int expectedPoints) throws Exception {
        stack.proxy().clear();
        var watch = stack.simulator().faults().watchConcurrency(POINT_PATH);
        long start = System.nanoTime();
        HttpRequest request = HttpRequest.newBuilder(stack.experiments().baseUri()
                        .resolve(EXPERIMENTS + "/" + experimentId + "/threshold-sweep"))
                .timeout(RUN_LIMIT).header("Authorization", TestTokens.bearer(user))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 202) {
            throw new IllegalStateException("the sweep answered " + response.statusCode() + ": " + response.body());
        }
        UUID operation = UUID.fromString(JSON.readTree(response.body()).path("operationId").asText());
        long end = events.of(operation).ended.get(RUN_LIMIT.toSeconds(), TimeUnit.SECONDS);
        List<RecordingProxy.Call> calls = stack.proxy().calls().stream()
                .filter(c -> c.startNanos() >= start && c.startNanos() <= end)
                .filter(c -> !("GET".equals(c.method()) && c.path().endsWith("/strategies")))
                .sorted(Comparator.comparingLong(RecordingProxy.Call::startNanos)).toList();
        long made = calls.stream().filter(c -> "POST".equals(c.method()) && c.path().endsWith("/strategies")).count();
        if (made != expectedPoints) {
            throw new IllegalStateException("expected " + expectedPoints + " points, saw " + made + " helper strategies");
        }
        long last = calls.stream().mapToLong(RecordingProxy.Call::endNanos).max().orElseThrow();
        return new double[] {(end - start) / 1e6, (last - calls.get(0).startNanos()) / 1e6, watch.peak()};
    }

    private static String weight(String min, String max) {
        return "{\"searchName\":\"GenesByMolecularWeight\",\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"],"
                + "\"min_molecular_weight\":\"" + min + "\",\"max_molecular_weight\":\"" + max + "\"}}";
    }

    // ---- (d) step analysis of a 4-leaf tree: upstream evaluations made against those asked for ----

    private static final String PF = "[\"Plasmodium falciparum 3D7\"]";
    private static final String FOUR_LEAVES = "{\"operator\":\"INTERSECT\",\"primaryInput\":{\"operator\":\"UNION\","
            + "\"primaryInput\":{\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":" + PF + ",\"go_typeahead\":"
            + "[\"GO:0004672\"]}},\"secondaryInput\":{\"searchName\":\"GenesWithSignalPeptide\",\"parameters\":{\"organism\":"
            + PF + "}}},\"secondaryInput\":{\"operator\":\"INTERSECT\",\"primaryInput\":{\"searchName\":"
            + "\"GenesByMolecularWeight\",\"parameters\":{\"organism\":" + PF + ",\"min_molecular_weight\":\"10000\","
            + "\"max_molecular_weight\":\"80000\"}},\"secondaryInput\":{\"searchName\":\"GenesByExonCount\",\"parameters\":"
            + "{\"organism\":" + PF + ",\"num_exons_gte\":\"1\",\"num_exons_lte\":\"6\"}}}}";

    private void stepAnalysis() throws Exception {
        String user = "bench-steps-" + UUID.randomUUID();
        stack.simulator().faults().reset();
        List<String> kinases = searchIds(user, KINASES);
        List<String> others = searchIds(user, FALCIPARUM).stream().filter(id -> !kinases.contains(id)).toList();
        ObjectNode body = JSON.createObjectNode().put("siteId", "plasmodb").put("name", "bench four leaves " + user)
                .put("mode", "multi-step");
        body.set("stepTree", JSON.readTree(FOUR_LEAVES));
        body.set("positiveControls", JSON.valueToTree(kinases.subList(0, 20)));
        body.set("negativeControls", JSON.valueToTree(others.subList(0, 20)));
        Started experiment = start(user, JSON.writeValueAsString(body));
        events.of(experiment.operationId()).ended.get(RUN_LIMIT.toSeconds(), TimeUnit.SECONDS);
        stack.proxy().clear();
        long start = System.nanoTime();
        HttpRequest request = HttpRequest.newBuilder(stack.experiments().baseUri()
                        .resolve(EXPERIMENTS + "/" + experiment.experimentId() + "/step-analysis"))
                .timeout(RUN_LIMIT).header("Authorization", TestTokens.bearer(user))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{}")).build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 202) {
            throw new IllegalStateException("the step analysis answered " + response.statusCode() + ": " + response.body());
        }
        UUID operation = UUID.fromString(JSON.readTree(response.body()).path("operationId").asText());
        LiveEventsTail.Progress progress = events.of(operation);
        long end = progress.ended.get(RUN_LIMIT.toSeconds(), TimeUnit.SECONDS);
        long made = stack.proxy().calls().stream()
                .filter(c -> c.startNanos() >= start && c.startNanos() <= end)
                .filter(c -> "POST".equals(c.method()) && c.path().endsWith("/strategies")).count();
        String asked = Files.readAllLines(options.workDir().resolve("experiment-service.log")).stream()
                .filter(line -> line.contains("step analysis of bench four leaves " + user)).reduce((a, b) -> b)
                .orElse("(no summary line in the service log)");
        BenchStack.say(String.format("(d) step analysis of a 4-leaf tree (all four phases): %s in %.1f s; %d helper "
                + "strategies made at the site (one per tree counted); the service: %s", progress.endStatus(),
                (end - start) / 1e9, made, asked.substring(asked.indexOf("step analysis of"))));
    }

    // ---- (b) many concurrent gene-ID experiments ----

    private void concurrentGeneIds() throws Exception {
        ManagedProcess service = stack.experiments().process();
        String user = "bench-genes-" + UUID.randomUUID();
        BenchStack.say(String.format("(b) gene-ID mode: %d experiments at once, each %d target genes, %d + %d controls; "
                + "%d round(s); RSS idle %d MiB", options.concurrent(), options.universe(), options.controls(),
                options.controls(), options.rounds(), service.rssKib() / 1024));
        List<String> universe = new ArrayList<>(options.universe());
        for (int i = 0; i < options.universe(); i++) {
            universe.add(String.format("PF3D7_%07d", i));
        }
        int failedInAll = 0;
        for (int round = 1; round <= options.rounds(); round++) {
            List<String> bodies = new ArrayList<>();
            for (int i = 0; i < options.concurrent(); i++) {
                bodies.add(geneIdBody(universe, new Random(round * 1000L + i), "bench genes " + round + "." + i));
            }
            AtomicLong peakRss = new AtomicLong();
            ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
            sampler.scheduleAtFixedRate(() -> peakRss.accumulateAndGet(service.rssKib(), Math::max), 0, 50,
                    TimeUnit.MILLISECONDS);
            long start = System.nanoTime();
            List<CompletableFuture<Started>> posts = new ArrayList<>();
            for (String body : bodies) {
                posts.add(startAsync(user, body));
            }
            List<Started> started = new ArrayList<>();
            for (CompletableFuture<Started> post : posts) {
                started.add(post.get(RUN_LIMIT.toSeconds(), TimeUnit.SECONDS));
            }
            long allAccepted = System.nanoTime();
            List<Long> ends = new ArrayList<>();
            int failed = 0;
            for (Started run : started) {
                LiveEventsTail.Progress progress = events.of(run.operationId());
                ends.add(progress.ended.get(RUN_LIMIT.toSeconds(), TimeUnit.SECONDS));
                if (!"completed".equals(progress.endStatus()) || !"completed".equals(status(user, run))) {
                    failed++;
                }
            }
            sampler.shutdown();
            sampler.awaitTermination(5, TimeUnit.SECONDS);
            long last = Collections.max(ends);
            List<Double> latencies = ends.stream().map(e -> (e - start) / 1e6).sorted().toList();
            failedInAll += failed;
            BenchStack.say(String.format("  round %d: %d completed, %d failed in %.2f s (all accepted after %.2f s): "
                            + "%.1f completions/s; time to completion p50 %.0f ms, max %.0f ms; service RSS peak %d MiB, "
                            + "VmHWM %d MiB", round, started.size() - failed, failed, (last - start) / 1e9,
                    (allAccepted - start) / 1e9, started.size() / ((last - start) / 1e9), latencies.get(latencies.size() / 2),
                    latencies.get(latencies.size() - 1), peakRss.get() / 1024,
                    ManagedProcess.procStatusKib(service.pid(), "VmHWM") / 1024));
        }
        BenchStack.say(String.format("(b) %d run(s) failed in all; service RSS now %d MiB, peak (VmHWM) %d MiB "
                + "(goal < 256 MiB, no failed run)", failedInAll, service.rssKib() / 1024,
                ManagedProcess.procStatusKib(service.pid(), "VmHWM") / 1024));
    }

    /**
     * One gene-ID experiment: the whole universe as targets, in an order of its own; 70% of the
     * positives and 30% of the negatives among the targets, the rest outside, so all four gene
     * lists are large.
     */
    private String geneIdBody(List<String> universe, Random random, String name) throws IOException {
        List<String> targets = new ArrayList<>(universe);
        Collections.shuffle(targets, random);
        int inPositives = options.controls() * 7 / 10;
        int inNegatives = options.controls() * 3 / 10;
        List<String> positives = new ArrayList<>(targets.subList(0, inPositives));
        List<String> negatives = new ArrayList<>(targets.subList(inPositives, inPositives + inNegatives));
        for (int i = 0; positives.size() < options.controls(); i++) {
            positives.add(String.format("PF3D7_9%06dP", i));
        }
        for (int i = 0; negatives.size() < options.controls(); i++) {
            negatives.add(String.format("PF3D7_9%06dN", i));
        }
        ObjectNode body = JSON.createObjectNode().put("siteId", "plasmodb").put("name", name);
        ArrayNode ids = body.putArray("targetGeneIds");
        targets.forEach(ids::add);
        body.set("positiveControls", JSON.valueToTree(positives));
        body.set("negativeControls", JSON.valueToTree(negatives));
        return JSON.writeValueAsString(body);
    }

    // ---- HTTP ----

    private record Started(UUID operationId, UUID experimentId) {
    }

    private Started start(String user, String body) throws Exception {
        return startAsync(user, body).get(RUN_LIMIT.toSeconds(), TimeUnit.SECONDS);
    }

    /** Busy answers (503 with Retry-After) the queue phase's client waited out and sent again. */
    private final java.util.concurrent.atomic.AtomicInteger busyRetries = new java.util.concurrent.atomic.AtomicInteger();

    /**
     * As {@link #startAsync}, but as a well-behaved client: a 503 with {@code Retry-After} (the intake
     * gate, full while earlier submissions wait on the site) is sent again after the wait it names.
     */
    private CompletableFuture<Started> startHonouringRetryAfter(String user, String body, int attemptsLeft) {
        return startAsync(user, body).handle((started, failure) -> {
            if (failure == null) {
                return CompletableFuture.completedFuture(started);
            }
            Throwable cause = failure instanceof java.util.concurrent.CompletionException ? failure.getCause() : failure;
            if (attemptsLeft > 1 && cause instanceof Busy busy) {
                busyRetries.incrementAndGet();
                return CompletableFuture.runAsync(() -> { },
                                CompletableFuture.delayedExecutor(busy.retryAfterSeconds, TimeUnit.SECONDS))
                        .thenCompose(waited -> startHonouringRetryAfter(user, body, attemptsLeft - 1));
            }
            return CompletableFuture.<Started>failedFuture(cause);
        }).thenCompose(next -> next);
    }

    /** A 503 answer with the seconds it asks the client to wait. */
    private static final class Busy extends IllegalStateException {
        final long retryAfterSeconds;

        Busy(String message, long retryAfterSeconds) {
            super(message);
            this.retryAfterSeconds = retryAfterSeconds;
        }
    }

    private CompletableFuture<Started> startAsync(String user, String body) {
        HttpRequest request = HttpRequest.newBuilder(stack.experiments().baseUri().resolve(EXPERIMENTS))
                .timeout(RUN_LIMIT).header("Authorization", TestTokens.bearer(user))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).thenApply(response -> {
            if (response.statusCode() == 503 && response.headers().firstValue("Retry-After").isPresent()) {
                throw new Busy("POST " + EXPERIMENTS + " answered 503: " + response.body(),
                        Long.parseLong(response.headers().firstValue("Retry-After").get().trim()));
            }
            if (response.statusCode() != 202) {
                throw new IllegalStateException("POST " + EXPERIMENTS + " answered " + response.statusCode() + ": "
                        + response.body());
            }
            try {
                JsonNode answer = JSON.readTree(response.body());
                return new Started(UUID.fromString(answer.path("operationId").asText()),
                        UUID.fromString(answer.path("experimentId").asText()));
            } catch (IOException e) {
                throw new IllegalStateException("unreadable 202: " + response.body(), e);
            }
        });
    }

    private String status(String user, Started run) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(stack.experiments().baseUri()
                        .resolve(EXPERIMENTS + "/" + run.experimentId()))
                .timeout(Duration.ofSeconds(30)).header("Authorization", TestTokens.bearer(user)).GET().build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        return response.statusCode() == 200 ? JSON.readTree(response.body()).path("status").asText() : "HTTP "
                + response.statusCode();
    }

    /** A search's gene IDs as the site answers them, through upstream-gateway's internal API. */
    private List<String> searchIds(String user, String search) throws Exception {
        ObjectNode body = (ObjectNode) JSON.readTree(search);
        body.put("maxIds", 20000);
        URI uri = stack.upstreamGateway().baseUri().resolve("/internal/v1/sites/plasmodb/searches/run");
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
                .header("Authorization", TestTokens.bearer(user)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("the search answered " + response.statusCode() + ": " + response.body());
        }
        List<String> ids = new ArrayList<>();
        JSON.readTree(response.body()).path("ids").forEach(id -> ids.add(id.asText()));
        return ids;
    }

    // ---- helpers ----

    private static double median(List<double[]> rows, int column) {
        List<Double> values = rows.stream().map(r -> r[column]).sorted().toList();
        int n = values.size();
        return n % 2 == 1 ? values.get(n / 2) : (values.get(n / 2 - 1) + values.get(n / 2)) / 2;
    }



    private void close() {
        if (events != null) {
            try {
                events.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        stack.close();
    }
}
