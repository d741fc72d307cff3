package org.strategylab.testsupport.upstream;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.strategylab.simulator.SimulatorOptions;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.testsupport.PostgresResource;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.process.TestKeyFiles;

/**
 * Everything a service that calls upstream-gateway talks to besides Kafka, real: an embedded PostgreSQL (shared by
 * the service and upstream-gateway, each in its own schema), the WDK simulator in-process, and
 * upstream-gateway as a separate process (its packaged {@code quarkus-run.jar}) pointed at the
 * simulator. Started once for the module's whole test run.
 */
public class UpstreamStackResource implements QuarkusTestResourceLifecycleManager {

    /** The simulator's base URL, for tests that read the site directly. */
    public static volatile String simulatorUrl;

    /** The simulator, for tests that inject faults (reset them afterwards). */
    public static volatile UpstreamSimulator simulator;

    private static final String SESSIONS_KEY = "0ZjLi2Ii+2Dqzd3X7aqx0R2NrY1yk0RgC7SDryCJEdE=";

    private PostgresResource postgres;
    private QuarkusAppProcess upstreamGateway;

    @Override
    public Map<String, String> start() {
        postgres = new PostgresResource();
        Map<String, String> datasource = postgres.start();
        simulator = UpstreamSimulator.start(SimulatorOptions.defaults());
        simulatorUrl = simulator.baseUrl();
        Path work = Path.of("target", "upstream-stack");
        TestKeyFiles keys = TestKeyFiles.copyTo(work.resolve("keys"));
        Path jar = Path.of(System.getProperty("strategylab.test.upstream-gateway-jar",
                "../upstream-gateway/target/quarkus-app/quarkus-run.jar"));
        // on a loaded 2-core machine the C2 compiler mostly delays start-up; nothing here is timed
        List<String> jvm = new ArrayList<>(QuarkusAppProcess.DEFAULT_JVM_OPTIONS);
        jvm.add("-XX:TieredStopAtLevel=1");
        upstreamGateway = QuarkusAppProcess.builder("upstream-gateway", jar)
                .jvmOptions(jvm)
                .log(work.resolve("upstream-gateway.log"))
                .properties(datasource)
                .property("strategylab.sites.origin-override", simulator.baseUrl())
                .property("strategylab.auth.public-key", keys.publicKey().toString())
                .property("strategylab.upstream.sessions.key", SESSIONS_KEY)
                // every test user validates searches; the limit is upstream-gateway's own concern
                .property("strategylab.upstream.rate-limit.enabled", "false")
                // analyses are polled often, so tests wait for the site, not for the poll period
                .property("strategylab.upstream.analysis.poll-interval", "100ms")
                .build()
                .start();
        Map<String, String> config = new HashMap<>(datasource);
        config.put("quarkus.rest-client.upstream-gateway.url", upstreamGateway.baseUri().toString());
        return config;
    }

    @Override
    public void stop() {
        if (upstreamGateway != null) {
            upstreamGateway.close();
        }
        if (simulator != null) {
            simulator.close();
            simulator = null;
        }
        if (postgres != null) {
            postgres.stop();
        }
    }
}
