package org.strategylab.bench.experiments;

import java.nio.file.Path;
import java.util.List;

/**
 * The bench's flags.
 *
 * @param serviceJar   experiment-service's {@code quarkus-run.jar}
 * @param gatewayJar   upstream-gateway's {@code quarkus-run.jar}
 * @param workDir      where broker data, logs and key files go (cleared first)
 * @param latencyMs    latency the simulator adds to every call in the search-mode phase
 * @param warmups      search-mode runs before the measured ones (session set-up and the JIT: the services settle after 100-150 runs on two cores)
 * @param runs         measured search-mode runs, one after another
 * @param concurrent   gene-ID experiments started at once per round
 * @param rounds       rounds of the concurrent phase
 * @param universe     target genes of each gene-ID experiment
 * @param controls     positive controls, and as many negative controls, of each gene-ID experiment
 * @param sweepRuns    measured 12-point sweeps (after one warm-up), and five times as many one-point sweeps
 * @param pointLatencyMs latency the simulator adds to each sweep point's evaluation (its helper strategy)
 * @param queueRuns    search-mode experiments one user submits at once in the queue phase
 * @param queueLatencyMs latency the simulator adds to every user-scoped call ({@code /users/…}) in the queue phase
 * @param phase        {@code all}, {@code search}, {@code concurrent}, {@code sweep}, {@code steps} or {@code queue} (not in {@code all})
 * @param serviceJvm   experiment-service's JVM options, or null for the local run's
 */
record BenchOptions(Path serviceJar, Path gatewayJar, Path workDir, int latencyMs, int warmups, int runs,
                    int concurrent, int rounds, int universe, int controls, int sweepRuns, int pointLatencyMs,
                    int queueRuns, int queueLatencyMs, String phase, List<String> serviceJvm) {

    static final String USAGE = """
            usage: ExperimentsBench --service-jar <jar> --gateway-jar <jar> [--work-dir <dir>]
                   [--latency-ms 50] [--warmups 150] [--runs 7]
                   [--concurrent 50] [--rounds 3] [--universe 20000] [--controls 2000]
                   [--sweep-runs 3] [--point-latency-ms 500] [--queue-runs 16] [--queue-latency-ms 20000]
                   [--phase all|search|concurrent|sweep|steps|queue] [--service-jvm "<JVM options>"]""";

    static BenchOptions parse(String[] args) {
        Path service = null;
        Path gateway = null;
        Path work = Path.of("target", "bench-work");
        int latency = 50;
        // the four JVMs on the path go on compiling it (C2) for about twenty runs on two cores
        int warmups = 150;
        int runs = 7;
        int concurrent = 50;
        int rounds = 3;
        int universe = 20_000;
        int controls = 2_000;
        int sweepRuns = 3;
        int pointLatency = 500;
        int queueRuns = 16;
        int queueLatency = 20_000;
        String phase = "all";
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
                case "--service-jar" -> service = Path.of(value);
                case "--gateway-jar" -> gateway = Path.of(value);
                case "--work-dir" -> work = Path.of(value);
                case "--latency-ms" -> latency = Integer.parseInt(value);
                case "--warmups" -> warmups = Integer.parseInt(value);
                case "--runs" -> runs = Integer.parseInt(value);
                case "--concurrent" -> concurrent = Integer.parseInt(value);
                case "--rounds" -> rounds = Integer.parseInt(value);
                case "--universe" -> universe = Integer.parseInt(value);
                case "--controls" -> controls = Integer.parseInt(value);
                case "--sweep-runs" -> sweepRuns = Integer.parseInt(value);
                case "--point-latency-ms" -> pointLatency = Integer.parseInt(value);
                case "--queue-runs" -> queueRuns = Integer.parseInt(value);
                case "--queue-latency-ms" -> queueLatency = Integer.parseInt(value);
                case "--phase" -> phase = value;
                case "--service-jvm" -> serviceJvm = List.of(value.trim().split("\\s+"));
                default -> throw new IllegalArgumentException("unknown flag " + flag + "\n" + USAGE);
            }
        }
        if (service == null || gateway == null) {
            throw new IllegalArgumentException("--service-jar and --gateway-jar are required\n" + USAGE);
        }
        return new BenchOptions(service, gateway, work, latency, warmups, runs, concurrent, rounds, universe,
                controls, sweepRuns, pointLatency, queueRuns, queueLatency, phase, serviceJvm);
    }
}
