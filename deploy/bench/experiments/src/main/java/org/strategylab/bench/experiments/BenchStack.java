package org.strategylab.bench.experiments;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.strategylab.simulator.SimulatorOptions;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.testsupport.PostgresResource;
import org.strategylab.testsupport.process.KafkaBrokerProcess;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.process.TestKeyFiles;

/**
 * The real stack an experiment runs on, as in the local run: an embedded PostgreSQL, a Kafka broker
 * JVM, the WDK simulator (in this JVM, behind the {@link RecordingProxy}), and the packaged
 * upstream-gateway and experiment-service as separate JVMs with the local run's JVM options.
 */
final class BenchStack implements AutoCloseable {

    static final String EVENTS = "experiment.events";
    private static final String SESSIONS_KEY = "0ZjLi2Ii+2Dqzd3X7aqx0R2NrY1yk0RgC7SDryCJEdE=";

    private final BenchOptions options;
    private PostgresResource postgres;
    private UpstreamSimulator simulator;
    private RecordingProxy proxy;
    private KafkaBrokerProcess kafka;
    private QuarkusAppProcess upstreamGateway;
    private QuarkusAppProcess experiments;

    BenchStack(BenchOptions options) {
        this.options = options;
    }

    void start() throws Exception {
        Path work = options.workDir();
        postgres = new PostgresResource();
        Map<String, String> datasource = postgres.start();
        say("PostgreSQL: started");
        simulator = UpstreamSimulator.start(SimulatorOptions.defaults());
        proxy = RecordingProxy.start(URI.create(simulator.baseUrl()));
        say("simulator: " + simulator.baseUrl() + " (recorded through " + proxy.baseUrl() + ")");
        kafka = KafkaBrokerProcess.builder(work.resolve("kafka")).build().start();
        say("Kafka: " + kafka.bootstrapServers());
        TestKeyFiles keys = TestKeyFiles.copyTo(work.resolve("keys"));
        List<String> jvm = new ArrayList<>(QuarkusAppProcess.DEFAULT_JVM_OPTIONS);
        upstreamGateway = QuarkusAppProcess.builder("upstream-gateway", options.gatewayJar())
                .jvmOptions(jvm)
                .log(work.resolve("upstream-gateway.log"))
                .properties(datasource)
                .property("strategylab.sites.origin-override", proxy.baseUrl())
                .property("strategylab.auth.public-key", keys.publicKey().toString())
                .property("strategylab.upstream.sessions.key", SESSIONS_KEY)
                // one bench user runs everything: the per-user rate limit is not what is measured
                .property("strategylab.upstream.rate-limit.enabled", "false")
                .build()
                .start();
        say("upstream-gateway: " + upstreamGateway.baseUri() + " (pid " + upstreamGateway.process().pid() + ")");
        List<String> serviceJvm = options.serviceJvm() != null ? options.serviceJvm() : jvm;
        experiments = QuarkusAppProcess.builder("experiment-service", options.serviceJar())
                .jvmOptions(serviceJvm)
                .log(work.resolve("experiment-service.log"))
                .properties(datasource)
                .property("kafka.bootstrap.servers", kafka.bootstrapServers())
                .property("strategylab.auth.public-key", keys.publicKey().toString())
                .property("quarkus.rest-client.upstream-gateway.url", upstreamGateway.baseUri().toString())
                .property("quarkus.log.category.\"org.apache.kafka\".level", "WARN")
                .build()
                .start();
        say("experiment-service: " + experiments.baseUri() + " (pid " + experiments.process().pid() + ", "
                + String.join(" ", serviceJvm) + ")");
    }

    UpstreamSimulator simulator() {
        return simulator;
    }

    RecordingProxy proxy() {
        return proxy;
    }

    KafkaBrokerProcess kafka() {
        return kafka;
    }

    QuarkusAppProcess upstreamGateway() {
        return upstreamGateway;
    }

    QuarkusAppProcess experiments() {
        return experiments;
    }

    @Override
    public void close() {
        for (AutoCloseable part : new AutoCloseable[] {experiments, upstreamGateway, kafka, proxy, simulator,
                postgres == null ? null : postgres::stop}) {
            if (part == null) {
                continue;
            }
            try {
                part.close();
            } catch (Exception e) {
                System.err.println("stopping the bench stack: " + e);
            }
        }
    }

    static void say(String line) {
        System.out.println("[bench] " + line);
    }
}
