package org.strategylab.simulator;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.strategylab.simulator.faults.AnalysisFirstRun;
import org.strategylab.simulator.faults.FaultPlan;
import org.strategylab.simulator.faults.Latency;

/**
 * Runs the simulator alone: {@code java -jar upstream-simulator.jar [--port 8090] [--host 127.0.0.1]
 * [--seed N] [--sites veupathdb,plasmodb,toxodb] [--faults '<json plan>'] [--latency-ms N] [--error-rate R]
 * [--analysis-first-run SUCCEEDS|ERRORS_ON_COMBINED_STEPS|ERRORS]}. Every option also reads an environment
 * variable ({@code STRATEGYLAB_SIMULATOR_PORT}, {@code _HOST}, {@code _SEED}, {@code _SITES}, {@code _FAULTS});
 * command-line options win.
 */
public final class Main {

    static final int DEFAULT_PORT = 8090;
    private static final String ENV = "STRATEGYLAB_SIMULATOR_";

    private Main() {
    }

    public static void main(String[] args) throws InterruptedException {
        long started = System.nanoTime();
        SimulatorOptions options;
        try {
            options = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("upstream-simulator: " + e.getMessage());
            System.err.println("usage: java -jar upstream-simulator.jar [--port N] [--host H] [--seed N] [--sites a,b]"
                    + " [--faults JSON] [--latency-ms N] [--error-rate R] [--analysis-first-run MODE]");
            System.exit(2);
            return;
        }
        UpstreamSimulator simulator = UpstreamSimulator.start(options);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            simulator.close();
            stopped.countDown();
        }, "simulator-shutdown"));
        long millis = (System.nanoTime() - started) / 1_000_000;
        long sinceJvm = System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
        System.out.printf("upstream-simulator (synthetic data, seed %d) listening on %s — sites %s — ready in %d ms (%d ms since JVM start)%n",
                options.seed(), simulator.baseUrl(), options.sites(), millis, sinceJvm);
        stopped.await();
    }

    static SimulatorOptions parse(String[] args) {
        SimulatorOptions options = SimulatorOptions.defaults().withPort(DEFAULT_PORT);
        options = applyEnvironment(options);
        FaultPlan plan = options.faults();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String value;
            String name;
            if (arg.startsWith("--") && arg.contains("=")) {
                name = arg.substring(2, arg.indexOf('='));
                value = arg.substring(arg.indexOf('=') + 1);
            } else if (arg.startsWith("--") && i + 1 < args.length) {
                name = arg.substring(2);
                value = args[++i];
            } else {
                throw new IllegalArgumentException("unexpected argument '" + arg + "'");
            }
            switch (name) {
                case "port" -> options = options.withPort(integer(name, value));
                case "host" -> options = options.withHost(value);
                case "seed" -> options = options.withSeed(Long.parseLong(value));
                case "sites" -> options = options.withSites(sites(value));
                case "event-loops" -> options = options.withEventLoops(integer(name, value));
                case "faults" -> plan = faultPlan(value);
                case "latency-ms" -> plan = copy(plan, "latency", Latency.fixed(java.time.Duration.ofMillis(integer(name, value))));
                case "error-rate" -> plan = copy(plan, "errorRate", Double.parseDouble(value));
                case "analysis-first-run" -> plan = copy(plan, "analysisFirstRun", AnalysisFirstRun.valueOf(value));
                default -> throw new IllegalArgumentException("unknown option --" + name);
            }
        }
        return options.withFaults(plan.validated());
    }

    private static SimulatorOptions applyEnvironment(SimulatorOptions options) {
        String port = System.getenv(ENV + "PORT");
        String host = System.getenv(ENV + "HOST");
        String seed = System.getenv(ENV + "SEED");
        String sites = System.getenv(ENV + "SITES");
        String faults = System.getenv(ENV + "FAULTS");
        if (port != null && !port.isBlank()) {
            options = options.withPort(integer("STRATEGYLAB_SIMULATOR_PORT", port));
        }
        if (host != null && !host.isBlank()) {
            options = options.withHost(host);
        }
        if (seed != null && !seed.isBlank()) {
            options = options.withSeed(Long.parseLong(seed.trim()));
        }
        if (sites != null && !sites.isBlank()) {
            options = options.withSites(sites(sites));
        }
        if (faults != null && !faults.isBlank()) {
            options = options.withFaults(faultPlan(faults));
        }
        return options;
    }

    private static List<String> sites(String value) {
        return Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    private static int integer(String name, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be an integer, was '" + value + "'");
        }
    }

    static FaultPlan faultPlan(String json) {
        try {
            return new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).readValue(json, FaultPlan.class)
                    .validated();
        } catch (Exception e) {
            throw new IllegalArgumentException("invalid fault plan: " + e.getMessage());
        }
    }

    /** A copy of the plan with one field replaced (plans are records; options build them up field by field). */
    private static FaultPlan copy(FaultPlan plan, String field, Object value) {
        ObjectMapper mapper = new ObjectMapper();
        var node = mapper.valueToTree(plan);
        ((com.fasterxml.jackson.databind.node.ObjectNode) node).set(field, mapper.valueToTree(value));
        return mapper.convertValue(node, FaultPlan.class);
    }
}
