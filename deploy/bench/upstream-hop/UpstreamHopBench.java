import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Measures what each hop in front of the upstream adds to one catalogue request
 * ({@code GET /api/v1/sites/plasmodb/searches}): through the gateway (port 8080), straight to
 * upstream-gateway (18081), and the corresponding request straight to the upstream simulator
 * (18090, {@code /plasmo/service/record-types/transcript/searches}).
 *
 * <p>Plain JDK, no dependencies: {@code java deploy/bench/upstream-hop/UpstreamHopBench.java}
 * (single-file source launch, JDK 17) after {@code deploy/local/run --detach}. Requests go one at a
 * time over one keep-alive HTTP/1.1 connection per target, the targets taking turns in every round
 * so that a slow moment of the machine hits all of them alike. Latency is measured on the client,
 * from sending the request to having read the whole body.
 */
public final class UpstreamHopBench {

    private record Target(String name, URI uri) {
    }

    private record Stats(int count, double mean, double p50, double p90, double p99, double max, long bytes) {
    }

    private UpstreamHopBench() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = parse(args);
        String gateway = options.getOrDefault("gateway", "http://localhost:8080");
        String service = options.getOrDefault("service", "http://localhost:18081");
        String simulator = options.getOrDefault("simulator", "http://localhost:18090");
        String site = options.getOrDefault("site", "plasmodb");
        String sitePath = options.getOrDefault("site-path", "/plasmo/service");
        int warmup = Integer.parseInt(options.getOrDefault("warmup", "500"));
        int requests = Integer.parseInt(options.getOrDefault("requests", "3000"));

        List<Target> targets = List.of(
                new Target("gateway :8080 -> upstream-gateway", URI.create(gateway + "/api/v1/sites/" + site + "/searches")),
                new Target("upstream-gateway :18081 direct", URI.create(service + "/api/v1/sites/" + site + "/searches")),
                new Target("simulator :18090 direct", URI.create(simulator + sitePath + "/record-types/transcript/searches")));

        HttpClient[] clients = new HttpClient[targets.size()];
        for (int i = 0; i < clients.length; i++) {
            // one client (one connection) per target, so no target waits for another's connection
            clients[i] = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(5)).build();
        }
        long[][] nanos = new long[targets.size()][requests];
        long[] bytes = new long[targets.size()];
        System.out.printf(Locale.ROOT, "warm-up: %d rounds; measured: %d rounds of %d targets%n", warmup, requests,
                targets.size());
        for (int round = -warmup; round < requests; round++) {
            for (int t = 0; t < targets.size(); t++) {
                long started = System.nanoTime();
                int size = fetch(clients[t], targets.get(t).uri());
                long elapsed = System.nanoTime() - started;
                if (round >= 0) {
                    nanos[t][round] = elapsed;
                    bytes[t] = size;
                }
            }
        }

        List<Stats> stats = new ArrayList<>();
        System.out.printf(Locale.ROOT, "%n%-36s %7s %8s %8s %8s %8s %8s %9s%n", "target (ms)", "n", "mean", "p50", "p90",
                "p99", "max", "bytes");
        for (int t = 0; t < targets.size(); t++) {
            Stats s = stats(nanos[t], bytes[t]);
            stats.add(s);
            System.out.printf(Locale.ROOT, "%-36s %7d %8.3f %8.3f %8.3f %8.3f %8.3f %9d%n", targets.get(t).name(), s.count(),
                    s.mean(), s.p50(), s.p90(), s.p99(), s.max(), s.bytes());
        }
        Stats viaGateway = stats.get(0);
        Stats direct = stats.get(1);
        Stats upstream = stats.get(2);
        System.out.printf(Locale.ROOT, "%ngateway hop added (8080 minus 18081):        p50 %+.3f ms, p99 %+.3f ms%n",
                viaGateway.p50() - direct.p50(), viaGateway.p99() - direct.p99());
        System.out.printf(Locale.ROOT, "gateway path vs simulator (8080 minus 18090): p50 %+.3f ms, p99 %+.3f ms%n",
                viaGateway.p50() - upstream.p50(), viaGateway.p99() - upstream.p99());
        System.out.printf(Locale.ROOT, "upstream-gateway vs simulator (18081 minus 18090): p50 %+.3f ms, p99 %+.3f ms%n",
                direct.p50() - upstream.p50(), direct.p99() - upstream.p99());
    }

    private static int fetch(HttpClient client, URI uri) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                .header("Accept", "application/json").GET().build();
        HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() != 200) {
            throw new IllegalStateException(uri + " answered " + response.statusCode() + ": is the stack running"
                    + " (deploy/local/run --status)?");
        }
        return response.body().length;
    }

    private static Stats stats(long[] nanos, long bytes) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        double sum = 0;
        for (long n : sorted) {
            sum += n;
        }
        return new Stats(sorted.length, sum / sorted.length / 1e6, percentile(sorted, 0.50), percentile(sorted, 0.90),
                percentile(sorted, 0.99), sorted[sorted.length - 1] / 1e6, bytes);
    }

    /** Nearest-rank percentile, in milliseconds. */
    private static double percentile(long[] sorted, double p) {
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))] / 1e6;
    }

    private static Map<String, String> parse(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("usage: [--gateway URL] [--service URL] [--simulator URL] [--site ID]"
                        + " [--site-path PATH] [--warmup N] [--requests N]");
            }
            options.put(args[i].substring(2), args[++i]);
        }
        return options;
    }
}
