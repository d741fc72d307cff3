package org.strategylab.bench.experiments;

import java.net.URI;
import java.util.List;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.testsupport.process.KafkaBrokerProcess;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.stack.ProductStack;

/**
 * The real stack an experiment runs on, as in the local run: an embedded PostgreSQL, a Kafka broker
 * JVM, the WDK simulator (in this JVM, behind the {@link RecordingProxy}), and the packaged
 * upstream-gateway and experiment-service as separate JVMs with the local run's JVM options.
 */
final class BenchStack implements AutoCloseable {

    static final String EVENTS = "experiment.events";

    private final BenchOptions options;
    private ProductStack stack;
    private RecordingProxy proxy;
    private QuarkusAppProcess upstreamGateway;
    private QuarkusAppProcess experiments;

    BenchStack(BenchOptions options) {
        this.options = options;
    }

    void start() throws Exception {
        stack = ProductStack.in(options.workDir()).keepDirectory().start();
        say("PostgreSQL, Kafka (" + stack.bootstrapServers() + "): started");
        proxy = RecordingProxy.start(URI.create(stack.simulator().baseUrl()));
        say("simulator: " + stack.simulator().baseUrl() + " (recorded through " + proxy.baseUrl() + ")");
        upstreamGateway = stack.start(stack.upstreamGateway("upstream-gateway", options.gatewayJar(), proxy.baseUrl())
                // one bench user runs everything: the per-user rate limit is not what is measured
                .property("strategylab.upstream.rate-limit.enabled", "false"));
        say("upstream-gateway: " + upstreamGateway.baseUri() + " (pid " + upstreamGateway.process().pid() + ")");
        QuarkusAppProcess.Builder service = stack.consumer("experiment-service", options.serviceJar(), upstreamGateway);
        List<String> serviceJvm = options.serviceJvm() != null ? options.serviceJvm() : QuarkusAppProcess.DEFAULT_JVM_OPTIONS;
        experiments = stack.start(service.jvmOptions(serviceJvm));
        say("experiment-service: " + experiments.baseUri() + " (pid " + experiments.process().pid() + ", "
                + String.join(" ", serviceJvm) + ")");
    }

    UpstreamSimulator simulator() {
        return stack.simulator();
    }

    RecordingProxy proxy() {
        return proxy;
    }

    KafkaBrokerProcess kafka() {
        return stack.kafka();
    }

    QuarkusAppProcess upstreamGateway() {
        return upstreamGateway;
    }

    QuarkusAppProcess experiments() {
        return experiments;
    }

    @Override
    public void close() {
        if (stack != null) {
            stack.close();
        }
        if (proxy != null) {
            proxy.close();
        }
    }

    static void say(String line) {
        System.out.println("[bench] " + line);
    }
}
