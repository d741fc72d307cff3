import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The chat benchmark (issue 14), against a running local stack ({@code deploy/local/run --detach}):
 * (a) time from sending a message to its first {@code assistant_delta} at the client, through the
 * gateway, with the {@code mock} model (whose first piece comes without delay, so nothing of it is
 * a vendor's latency); (b) 50 concurrent turns with {@code mock}: turns per second, p50/p99 turn
 * time, and chat-service's peak resident memory. Run with the JDK's source launcher:
 * {@code java deploy/bench/chat/ChatBench.java [--base http://localhost:8080] [--sequential 30] [--concurrent 50]}.
 */
public class ChatBench {

    static final Pattern TOKEN = Pattern.compile("\"token\":\"([^\"]+)\"");
    static final String MESSAGE = "kinases in falciparum but not genes with signal peptides";

    record Turn(long firstDeltaNanos, long endNanos, String status) {
    }

    public static void main(String[] args) throws Exception {
        String base = option(args, "--base", "http://localhost:8080");
        int sequential = Integer.parseInt(option(args, "--sequential", "30"));
        int concurrent = Integer.parseInt(option(args, "--concurrent", "50"));
        Path pidFile = Path.of(option(args, "--pid-file", ".strategylab/pids/chat-service.pid"));
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

        String token = signIn(http, base, "bench-seq");
        // warm-up: the first turns load the catalogue's ranking model and JIT-compile the path
        for (int i = 0; i < 3; i++) {
            turn(http, base, token);
        }
        List<Long> firstDelta = new ArrayList<>();
        List<Long> whole = new ArrayList<>();
        for (int i = 0; i < sequential; i++) {
            Turn t = turn(http, base, token);
            firstDelta.add(t.firstDeltaNanos());
            whole.add(t.endNanos());
        }
        System.out.printf("(a) %d sequential mock turns through the gateway: first assistant_delta p50 %.1f ms, p90 %.1f ms, min %.1f ms;"
                        + " whole turn (3 steps built and counted on the simulator) p50 %.0f ms%n", sequential,
                ms(pct(firstDelta, 50)), ms(pct(firstDelta, 90)), ms(pct(firstDelta, 0)), ms(pct(whole, 50)));

        long pid = Files.exists(pidFile) ? Long.parseLong(Files.readString(pidFile).trim()) : -1;
        long rssBefore = rss(pid);
        AtomicLong peak = new AtomicLong(rssBefore);
        Thread sampler = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                peak.accumulateAndGet(rss(pid), Math::max);
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        sampler.setDaemon(true);
        sampler.start();
        ExecutorService clients = Executors.newFixedThreadPool(concurrent);
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < concurrent; i++) {
            tokens.add(signIn(http, base, "bench-" + i));
        }
        long start = System.nanoTime();
        List<Future<Turn>> futures = new ArrayList<>();
        for (String user : tokens) {
            futures.add(clients.submit(() -> turn(http, base, user)));
        }
        List<Long> times = new ArrayList<>();
        int completed = 0;
        for (Future<Turn> f : futures) {
            Turn t = f.get();
            times.add(t.endNanos());
            if ("completed".equals(t.status())) {
                completed++;
            }
        }
        long wall = System.nanoTime() - start;
        sampler.interrupt();
        clients.shutdown();
        System.out.printf("(b) %d concurrent mock turns: %d completed in %.1f s = %.2f turns/s; turn time p50 %.0f ms, p99 %.0f ms;"
                        + " chat-service RSS %d MiB before, %d MiB peak%n", concurrent, completed, wall / 1e9,
                completed / (wall / 1e9), ms(pct(times, 50)), ms(pct(times, 99)), rssBefore / 1024, peak.get() / 1024);
    }

    static Turn turn(HttpClient http, String base, String token) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/api/v1/chat"))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .header("Accept", "text/event-stream").timeout(Duration.ofSeconds(120))
                .POST(HttpRequest.BodyPublishers.ofString("{\"siteId\":\"plasmodb\",\"provider\":\"mock\",\"message\":\""
                        + MESSAGE + "\"}")).build();
        long sent = System.nanoTime();
        HttpResponse<java.io.InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        if (response.statusCode() != 200) {
            throw new IOException("POST /api/v1/chat answered " + response.statusCode());
        }
        long firstDelta = -1;
        String event = null;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.startsWith("event: ")) {
                    event = line.substring(7);
                    if (event.equals("assistant_delta") && firstDelta < 0) {
                        firstDelta = System.nanoTime() - sent;
                    }
                } else if (line.startsWith("data: ") && "message_end".equals(event)) {
                    Matcher status = Pattern.compile("\"status\":\"([a-z]+)\"").matcher(line);
                    return new Turn(firstDelta, System.nanoTime() - sent, status.find() ? status.group(1) : "?");
                }
            }
        }
        throw new IOException("the stream ended without message_end");
    }

    static String signIn(HttpClient http, String base, String user) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/auth/local/sign-in"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"userId\":\"" + user + "\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        Matcher m = TOKEN.matcher(response.body());
        if (!m.find()) {
            throw new IOException("sign-in failed: " + response.body());
        }
        return m.group(1);
    }

    /** Resident memory in KiB (0 when the process is unknown). */
    static long rss(long pid) {
        if (pid < 0) {
            return 0;
        }
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }

    static long pct(List<Long> values, int percentile) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int index = (int) Math.ceil(percentile / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }

    static double ms(long nanos) {
        return nanos / 1e6;
    }

    static String option(String[] args, String name, String fallback) {
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }
}
