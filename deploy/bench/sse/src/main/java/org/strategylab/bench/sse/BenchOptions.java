package org.strategylab.bench.sse;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** The bench's flags ({@code --name value}); see README.md for each. */
final class BenchOptions {

    static final String USAGE = """
            usage: run [--subscribers 1000] [--operations 100] [--rate 2000] [--seconds 15] [--burst 20000]
                       [--replay-events 10000] [--replay-warm-ups 3] [--replay-reps 5] [--event-loops 2]
                       [--only fanout|replay]
                       [--work-dir DIR]
                       [--gateway-jar JAR]
                       [--jdbc-url URL --db-user U --db-password P]   reuse a PostgreSQL (the gateway's database)
                       [--kafka HOST:PORT]                            reuse a broker
                       [--gateway URL --gateway-pid PID]              reuse a gateway (needs --jdbc-url, --kafka)
                       [--private-key PEM]                            sign caller tokens with this key
            """;

    private final Map<String, String> values = new HashMap<>();

    BenchOptions(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("-h") || arg.equals("--help")) {
                throw new IllegalArgumentException(USAGE);
            }
            if (!arg.startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("unknown or incomplete flag " + arg + "\n" + USAGE);
            }
            values.put(arg.substring(2), args[++i]);
        }
        if (values.containsKey("only") && !runs("fanout") && !runs("replay")) {
            throw new IllegalArgumentException("--only takes fanout or replay");
        }
        if (gateway() != null && (jdbcUrl() == null || kafka() == null)) {
            throw new IllegalArgumentException("--gateway needs --jdbc-url (its database) and --kafka (its broker)");
        }
    }

    private int integer(String name, int fallback) {
        return values.containsKey(name) ? Integer.parseInt(values.get(name)) : fallback;
    }

    int subscribers() {
        return integer("subscribers", 1000);
    }

    int operations() {
        return integer("operations", 100);
    }

    int rate() {
        return integer("rate", 2000);
    }

    int seconds() {
        return integer("seconds", 15);
    }

    int burst() {
        return integer("burst", 20_000);
    }

    int replayEvents() {
        return integer("replay-events", 10_000);
    }

    int replayReps() {
        return integer("replay-reps", 5);
    }

    int replayWarmUps() {
        return integer("replay-warm-ups", 3);
    }

    int eventLoops() {
        return integer("event-loops", 2);
    }

    /** Whether to run the phase ({@code fanout} or {@code replay}); both unless {@code --only} names one. */
    boolean runs(String phase) {
        String only = values.get("only");
        return only == null || only.equals(phase);
    }

    Path workDir() {
        return Path.of(values.getOrDefault("work-dir", "target/bench-work")).toAbsolutePath();
    }

    Path gatewayJar() {
        return Path.of(values.getOrDefault("gateway-jar", "event-log/gateway/target/quarkus-app/quarkus-run.jar"));
    }

    String jdbcUrl() {
        return values.get("jdbc-url");
    }

    String dbUser() {
        return values.getOrDefault("db-user", "postgres");
    }

    String dbPassword() {
        return values.getOrDefault("db-password", "postgres");
    }

    String kafka() {
        return values.get("kafka");
    }

    String gateway() {
        return values.get("gateway");
    }

    long gatewayPid() {
        return Long.parseLong(values.getOrDefault("gateway-pid", "-1"));
    }

    String privateKey() {
        return values.get("private-key");
    }
}
