package org.strategylab.bench.lab;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The bench's flags.
 *
 * @param gatewayJar      upstream-gateway's {@code quarkus-run.jar}
 * @param experimentsJar  experiment-service's {@code quarkus-run.jar}
 * @param chatJar         chat-service's {@code quarkus-run.jar}
 * @param workDir         where broker data, logs and key files go (cleared first)
 * @param users           users working at once
 * @param turns           chat turns of each user, one after the other in one conversation
 * @param experiments     search-mode experiments each user submits at once
 * @param sweepSteps      points of each user's threshold sweep
 * @param latencyMs       latency the simulator adds to every site call
 * @param replicas        instances of each service
 * @param limit           how long the bench waits for the last operation to end
 * @param serviceJvm      the services' JVM options, or null for the local run's
 */
record LabOptions(Path gatewayJar, Path experimentsJar, Path chatJar, Path workDir, int users, int turns,
                  int experiments, int sweepSteps, int latencyMs, int replicas, Duration limit,
                  List<String> serviceJvm) {

    static final String USAGE = """
            usage: LabBench --gateway-jar <jar> --experiments-jar <jar> --chat-jar <jar> [--work-dir <dir>]
                   [--users 20] [--turns 2] [--experiments 4] [--sweep-steps 5] [--latency-ms 2000]
                   [--replicas 2] [--limit-minutes 40] [--service-jvm "<JVM options>"]""";

    static LabOptions parse(String[] args) {
        Path gateway = null;
        Path experimentsJar = null;
        Path chat = null;
        Path work = Path.of("target", "bench-work");
        int users = 20;
        int turns = 2;
        int experiments = 4;
        int sweepSteps = 5;
        int latency = 2000;
        int replicas = 2;
        int limitMinutes = 40;
        List<String> serviceJvm = null;
        for (int i = 0; i < args.length; i++) {
            String flag = args[i];
            if ("--help".equals(flag)) {
                System.out.println(USAGE);
                System.exit(0);
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(flag + " needs a value\n" + USAGE);
            }
            String value = args[++i];
            switch (flag) {
                case "--gateway-jar" -> gateway = Path.of(value);
                case "--experiments-jar" -> experimentsJar = Path.of(value);
                case "--chat-jar" -> chat = Path.of(value);
                case "--work-dir" -> work = Path.of(value);
                case "--users" -> users = positive(flag, value);
                case "--turns" -> turns = Integer.parseInt(value);
                case "--experiments" -> experiments = positive(flag, value);
                case "--sweep-steps" -> sweepSteps = Integer.parseInt(value);
                case "--latency-ms" -> latency = Integer.parseInt(value);
                case "--replicas" -> replicas = positive(flag, value);
                case "--limit-minutes" -> limitMinutes = positive(flag, value);
                case "--service-jvm" -> serviceJvm = List.of(value.trim().split("\\s+"));
                default -> throw new IllegalArgumentException("unknown flag " + flag + "\n" + USAGE);
            }
        }
        if (gateway == null || experimentsJar == null || chat == null) {
            throw new IllegalArgumentException("--gateway-jar, --experiments-jar and --chat-jar are required\n" + USAGE);
        }
        if (sweepSteps != 0 && (sweepSteps < 3 || sweepSteps > 50)) {
            // the service's own bounds of a numeric sweep; 0 leaves the sweep out
            throw new IllegalArgumentException("--sweep-steps is 0 (no sweep) or 3-50\n" + USAGE);
        }
        return new LabOptions(gateway, experimentsJar, chat, work, users, turns, experiments, sweepSteps, latency,
                replicas, Duration.ofMinutes(limitMinutes), serviceJvm);
    }

    private static int positive(String flag, String value) {
        int number = Integer.parseInt(value);
        if (number < 1) {
            throw new IllegalArgumentException(flag + " must be at least 1\n" + USAGE);
        }
        return number;
    }
}
