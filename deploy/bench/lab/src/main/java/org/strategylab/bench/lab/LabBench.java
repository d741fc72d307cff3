package org.strategylab.bench.lab;

import org.strategylab.testsupport.bench.BenchHost;
import org.strategylab.testsupport.bench.LiveEventsTail;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;
import org.strategylab.simulator.faults.Latency;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.process.ManagedProcess;
import org.strategylab.testsupport.process.QuarkusAppProcess;

/**
 * The lab benchmark (issue 32): {@code --users} users at once, each with {@code --turns} chat turns
 * (the mock model) one after the other in one conversation, {@code --experiments} search-mode
 * experiments submitted together, and a threshold sweep of one of them once it completed; the
 * simulator answers every site call after {@code --latency-ms}; two instances of each service. It
 * reports completions, failures, each user's median and p95 time from submit to end, the fairness
 * ratio (the slowest user's median over the fastest's), the time operations waited in the queue and
 * each service's peak RSS. See README.md for what each figure means.
 */
public final class LabBench {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SITE = "plasmodb";
    private static final String KINASES = "{\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":"
            + "[\"Plasmodium falciparum 3D7\"],\"go_typeahead\":[\"GO:0004672\"]}}";
    private static final String FALCIPARUM = "{\"searchName\":\"GenesByTaxon\",\"parameters\":{\"organism\":"
            + "[\"Plasmodium falciparum 3D7\"]}}";
    /** What the users say to the mock model: a search, then a change to the strategy it built. */
    private static final List<String> TURNS = List.of("kinases in falciparum", "add genes with signal peptides");
    /** The swept parameter: the molecular-weight search's lower bound (the GO search has no number to sweep). */
    private static final String SWEPT = "min_molecular_weight";
    private static final int MAX_ATTEMPTS = 20;

    private final LabOptions options;
    private final LabStack stack;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    /** Every answer the users' POSTs got, by status (busy answers waited out included). */
    private final Map<Integer, LongAdder> answers = new ConcurrentHashMap<>();
    private LiveEventsTail events;
    private long deadline;

    private LabBench(LabOptions options) {
        this.options = options;
        this.stack = new LabStack(options);
    }

    public static void main(String[] args) {
        LabOptions options;
        try {
            options = LabOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        LabBench bench = new LabBench(options);
        int exit = 0;
        try {
            exit = bench.run() ? 0 : 3;
        } catch (Exception | Error e) {
            e.printStackTrace();
            exit = 1;
        } finally {
            bench.close();
        }
        // the HTTP client's and the simulator's threads would keep the JVM alive
        System.exit(exit);
    }

    /** Runs the lab; true when every operation completed and no answer was a 429 or a 5xx. */
    private boolean run() throws Exception {
        BenchHost.clear(options.workDir());
        Files.createDirectories(options.workDir());
        LabStack.say("machine: " + Runtime.getRuntime().availableProcessors() + " cores, load average " + BenchHost.loadAverage());
        stack.start();
        events = new LiveEventsTail(stack.kafka().bootstrapServers(), List.of(LabStack.EXPERIMENT_EVENTS, LabStack.CHAT_EVENTS));
        Workload work = workload();
        stack.simulator().faults().reset();
        // every path: catalogue, sessions, searches, steps, strategies, reports
        stack.simulator().faults().latency(Latency.fixed(Duration.ofMillis(options.latencyMs())));
        Map<String, Long> idle = new LinkedHashMap<>();
        for (QuarkusAppProcess service : stack.services()) {
            idle.put(service.process().name(), service.process().rssKib());
        }
        Map<String, Long> peak = new ConcurrentHashMap<>();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        sampler.scheduleAtFixedRate(() -> stack.services().forEach(s -> peak.merge(s.process().name(),
                s.process().rssKib(), Math::max)), 0, 500, TimeUnit.MILLISECONDS);

        LabStack.say(String.format("%d users at once, each %d chat turn(s), %d search-mode experiment(s) and %s; every "
                        + "site call takes %d ms; %d instance(s) of each service; load average %s", options.users(),
                options.turns(), options.experiments(), options.sweepSteps() == 0 ? "no sweep"
                        : "a " + options.sweepSteps() + "-point threshold sweep", options.latencyMs(),
                options.replicas(), BenchHost.loadAverage()));
        long start = System.nanoTime();
        long startMillis = System.currentTimeMillis();
        deadline = start + options.limit().toNanos();
        ExecutorService pool = Executors.newCachedThreadPool();
        List<CompletableFuture<List<Operation>>> users = new ArrayList<>();
        for (int u = 0; u < options.users(); u++) {
            int user = u;
            String userId = "lab-user-" + (u + 1) + "-" + UUID.randomUUID().toString().substring(0, 8);
            users.add(CompletableFuture.supplyAsync(() -> chat(user, userId), pool));
            users.add(CompletableFuture.supplyAsync(() -> experiments(user, userId, work, pool), pool));
        }
        List<Operation> measured = new ArrayList<>();
        for (CompletableFuture<List<Operation>> user : users) {
            measured.addAll(user.get(options.limit().toSeconds() + 120, TimeUnit.SECONDS));
        }
        double wall = (System.nanoTime() - start) / 1e9;
        sampler.shutdown();
        sampler.awaitTermination(5, TimeUnit.SECONDS);
        pool.shutdownNow();
        List<Operation> operations = withRows(measured);
        writeTimeline(operations, start, startMillis);
        LabStack.say(String.format("all users done after %.1f s; load average %s", wall, BenchHost.loadAverage()));
        return new LabReport(options, operations, answers, idle, peak, vmHwm(), wall).print();
    }

    // ---- what each user does ----

    /** Controls drawn from the site (before it is slowed): kinases and other falciparum genes, light and heavy proteins. */
    private record Workload(List<String> kinases, List<String> others, List<String> light, List<String> heavy) {
    }

    private Workload workload() throws Exception {
        String user = "lab-setup";
        List<String> kinases = searchIds(user, KINASES);
        Set<String> kinaseSet = Set.copyOf(kinases);
        List<String> others = searchIds(user, FALCIPARUM).stream().filter(id -> !kinaseSet.contains(id)).toList();
        return new Workload(kinases.subList(0, Math.min(20, kinases.size())), others.subList(0, 20),
                searchIds(user, weight("10000", "30000")).subList(0, 20),
                searchIds(user, weight("60000", "200000")).subList(0, 20));
    }

    /** The user's chat turns, one after the other in one conversation. */
    private List<Operation> chat(int user, String userId) {
        List<Operation> done = new ArrayList<>();
        URI uri = stack.chats().get(user % stack.chats().size()).baseUri().resolve("/api/v1/chat");
        String strategyId = null;
        for (int t = 0; t < options.turns(); t++) {
            ObjectNode body = JSON.createObjectNode().put("siteId", SITE).put("message", TURNS.get(t % TURNS.size()));
            if (strategyId != null) {
                body.put("strategyId", strategyId);
            }
            Submitted submitted = post(userId, uri, body);
            if (submitted.answer() == null) {
                done.add(refused(user, "chat", submitted));
                break;
            }
            strategyId = submitted.answer().path("strategyId").asText();
            Operation turn = awaitEnd(user, "chat", submitted);
            done.add(turn);
            if (!turn.ok()) {
                break;
            }
        }
        return done;
    }

    /**
     * The user's experiments, submitted together (the last a molecular-weight search, the others the
     * kinases GO search), and the sweep of the last once it completed.
     */
    private List<Operation> experiments(int user, String userId, Workload work, ExecutorService pool) {
        QuarkusAppProcess service = stack.experiments().get(user % stack.experiments().size());
        URI uri = service.baseUri().resolve("/api/v1/experiments");
        List<CompletableFuture<Submitted>> posts = new ArrayList<>();
        for (int i = 0; i < options.experiments(); i++) {
            boolean weight = i == options.experiments() - 1;
            ObjectNode body = (ObjectNode) readTree(weight ? weight("10000", "50000") : KINASES);
            body.put("siteId", SITE).put("name", "lab " + (i + 1));
            body.set("positiveControls", JSON.valueToTree(weight ? work.light() : work.kinases()));
            body.set("negativeControls", JSON.valueToTree(weight ? work.heavy() : work.others()));
            posts.add(CompletableFuture.supplyAsync(() -> post(userId, uri, body), pool));
        }
        List<Operation> done = new ArrayList<>();
        for (CompletableFuture<Submitted> post : posts) {
            Submitted submitted = post.join();
            done.add(submitted.answer() == null ? refused(user, "experiment", submitted)
                    : awaitEnd(user, "experiment", submitted));
        }
        Operation swept = done.get(done.size() - 1);
        if (options.sweepSteps() > 0 && swept.ok()) {
            Submitted last = posts.get(posts.size() - 1).join();
            String experimentId = last.answer().path("experimentId").asText();
            ObjectNode sweep = JSON.createObjectNode().put("parameterName", SWEPT).put("sweepType", "numeric")
                    .put("minValue", 0).put("maxValue", 40000).put("steps", options.sweepSteps());
            Submitted submitted = post(userId, uri.resolve("/api/v1/experiments/" + experimentId + "/threshold-sweep"), sweep);
            done.add(submitted.answer() == null ? refused(user, "sweep", submitted) : awaitEnd(user, "sweep", submitted));
        } else if (options.sweepSteps() > 0) {
            done.add(new Operation(user, "sweep", null, 0, 0, 0, false, "not started: its experiment did not complete"));
        }
        return done;
    }

    // ---- HTTP ----

    /** A POST's 202 (its body; null when refused) and when it was sent and answered. */
    private record Submitted(JsonNode answer, long submitNanos, long acceptNanos, String refusal) {
    }

    /**
     * POSTs as a well-behaved client: a 429 or 503 with {@code Retry-After} is sent again after the
     * wait it names (each such answer is counted all the same).
     */
    private Submitted post(String userId, URI uri, JsonNode body) {
        long submit = System.nanoTime();
        try {
            HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofMinutes(10))
                    .header("Authorization", TestTokens.bearer(userId)).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build();
            for (int attempt = 1; ; attempt++) {
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                answers.computeIfAbsent(response.statusCode(), s -> new LongAdder()).increment();
                if (response.statusCode() == 202) {
                    return new Submitted(JSON.readTree(response.body()), submit, System.nanoTime(), null);
                }
                var retryAfter = response.headers().firstValue("Retry-After");
                if ((response.statusCode() == 429 || response.statusCode() == 503) && retryAfter.isPresent()
                        && attempt < MAX_ATTEMPTS && System.nanoTime() < deadline) {
                    LabStack.say(String.format("  %s: %d on %s, retrying after %s s: %s", userId, response.statusCode(),
                            uri.getPath(), retryAfter.get(), response.body()));
                    Thread.sleep(Long.parseLong(retryAfter.get().trim()) * 1000);
                    continue;
                }
                return new Submitted(null, submit, System.nanoTime(), "HTTP " + response.statusCode() + ": "
                        + response.body());
            }
        } catch (IOException e) {
            return new Submitted(null, submit, System.nanoTime(), "no answer: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Submitted(null, submit, System.nanoTime(), "interrupted");
        }
    }

    private static Operation refused(int user, String kind, Submitted submitted) {
        LabStack.say("  user " + (user + 1) + " " + kind + " refused: " + submitted.refusal());
        return new Operation(user, kind, null, submitted.submitNanos(), submitted.acceptNanos(), 0, false,
                "refused: " + submitted.refusal());
    }

    /** Waits for the operation's terminal event (until the bench's limit) and says whether it completed. */
    private Operation awaitEnd(int user, String kind, Submitted submitted) {
        UUID id = UUID.fromString(submitted.answer().path("operationId").asText());
        LiveEventsTail.Progress progress = events.of(id);
        long end;
        try {
            end = progress.ended.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            return new Operation(user, kind, id, submitted.submitNanos(), submitted.acceptNanos(), 0, false,
                    "no end within the limit");
        } catch (Exception e) {
            Thread.currentThread().interrupt();
            return new Operation(user, kind, id, submitted.submitNanos(), submitted.acceptNanos(), 0, false,
                    "interrupted");
        }
        String failure = failure(kind, progress);
        return new Operation(user, kind, id, submitted.submitNanos(), submitted.acceptNanos(), end, failure == null,
                failure == null ? "completed" : failure);
    }

    /** Why the operation's terminal event is not a completion, or null when it is one. */
    private String failure(String kind, LiveEventsTail.Progress progress) {
        JsonNode data = progress.endData;
        String why = switch (kind) {
            case "experiment" -> "experiment_end".equals(progress.endType) && "completed".equals(data.path("status").asText())
                    ? null : progress.endType + " " + data.path("status").asText();
            // a failed turn's message_end says reason: failed; a completed one has no reason
            case "chat" -> "message_end".equals(progress.endType) && data.path("reason").asText("completed").equals("completed") ? null
                    : progress.endType + " " + data.path("reason").asText();
            case "sweep" -> {
                if (!"sweep_complete".equals(progress.endType)) {
                    yield progress.endType;
                }
                long good = 0;
                for (JsonNode point : data.path("points")) {
                    good += point.path("metrics").isObject() && !point.hasNonNull("error") ? 1 : 0;
                }
                yield data.path("timedOut").asBoolean() || data.path("cancelled").asBoolean() || data.hasNonNull("error")
                        || good != options.sweepSteps()
                        ? "sweep_complete with " + good + " of " + options.sweepSteps() + " points evaluated"
                        + (data.path("timedOut").asBoolean() ? ", timed out" : "") : null;
            }
            default -> throw new IllegalArgumentException(kind);
        };
        if (why != null && !progress.errors.isEmpty()) {
            why += " (" + progress.errors.get(0) + ")";
        }
        return why;
    }

    /** Adds each operation's row in the operations index: its final status and how long it was queued. */
    private List<Operation> withRows(List<Operation> measured) throws Exception {
        List<Operation> rows = new ArrayList<>();
        try (Connection db = stack.jdbc(); PreparedStatement query = db.prepareStatement(
                "SELECT status, created_at, claimed_at, attempts, lease_holder, target_id FROM event_log.operations WHERE id = ?")) {
            for (Operation operation : measured) {
                if (operation.operationId() == null) {
                    rows.add(operation);
                    continue;
                }
                query.setObject(1, operation.operationId());
                try (ResultSet row = query.executeQuery()) {
                    if (!row.next()) {
                        rows.add(operation.withRow(false, "no row in the operations index", -1, 0, 0, null, null));
                        continue;
                    }
                    String status = row.getString("status");
                    Timestamp created = row.getTimestamp("created_at");
                    Timestamp claimed = row.getTimestamp("claimed_at");
                    double queue = claimed == null ? -1 : (claimed.getTime() - created.getTime())
                            + (claimed.getNanos() % 1_000_000 - created.getNanos() % 1_000_000) / 1e6;
                    int attempts = row.getInt("attempts");
                    rows.add(operation.withRow("completed".equals(status) && attempts == 1,
                            "row " + status + " after " + attempts + " attempt(s)", queue, created.getTime(),
                            claimed == null ? 0 : claimed.getTime(), row.getString("lease_holder"),
                            row.getString("target_id")));
                }
            }
        }
        return rows;
    }

    /**
     * Every operation's timeline, in seconds from the users' start, to {@code operations.csv} in the
     * work directory: the POST, its 202, the row's creation and claim (the database's clock), the end
     * event's arrival, and how it ended.
     */
    private void writeTimeline(List<Operation> operations, long startNanos, long startMillis) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("user,kind,operation,target,instance,submitted,accepted,created,claimed,ended,holder,outcome");
        for (Operation o : operations) {
            lines.add(String.join(",", Integer.toString(o.user() + 1), o.kind(), String.valueOf(o.operationId()),
                    String.valueOf(o.target()), Integer.toString(o.user() % options.replicas() + 1), seconds(o.submitNanos() - startNanos),
                    o.acceptNanos() == 0 ? "" : seconds(o.acceptNanos() - startNanos),
                    o.createdMillis() == 0 ? "" : seconds((o.createdMillis() - startMillis) * 1_000_000),
                    o.claimedMillis() == 0 ? "" : seconds((o.claimedMillis() - startMillis) * 1_000_000),
                    o.endNanos() == 0 ? "" : seconds(o.endNanos() - startNanos), String.valueOf(o.holder()),
                    "\"" + o.outcome().replace("\"", "'") + "\""));
        }
        Path file = options.workDir().resolve("operations.csv");
        Files.write(file, lines);
        LabStack.say("every operation's timeline: " + file);
    }

    private static String seconds(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.3f", nanos / 1e9);
    }

    /** A search's gene IDs as the site answers them, through upstream-gateway's internal API. */
    private List<String> searchIds(String user, String search) throws Exception {
        ObjectNode body = (ObjectNode) JSON.readTree(search);
        body.put("maxIds", 20000);
        URI uri = stack.gateways().get(0).baseUri().resolve("/internal/v1/sites/" + SITE + "/searches/run");
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

    private static String weight(String min, String max) {
        return "{\"searchName\":\"GenesByMolecularWeight\",\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"],"
                + "\"min_molecular_weight\":\"" + min + "\",\"max_molecular_weight\":\"" + max + "\"}}";
    }

    private static JsonNode readTree(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new IllegalArgumentException(json, e);
        }
    }

    // ---- helpers ----

    /** Each service's peak resident set ({@code VmHWM}), in KiB, by instance name. */
    private Map<String, Long> vmHwm() {
        Map<String, Long> peaks = new TreeMap<>(Comparator.naturalOrder());
        for (QuarkusAppProcess service : stack.services()) {
            peaks.put(service.process().name(), ManagedProcess.procStatusKib(service.process().pid(), "VmHWM"));
        }
        return peaks;
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
