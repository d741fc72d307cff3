package org.strategylab.testsupport.upstream;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.stack.ProductStack;

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

    private ProductStack stack;

    @Override
    public Map<String, String> start() {
        Path jar = Path.of(System.getProperty("strategylab.test.upstream-gateway-jar",
                "../upstream-gateway/target/quarkus-app/quarkus-run.jar"));
        stack = ProductStack.in(Path.of("target", "upstream-stack")).quickStart().withoutBroker().start();
        simulator = stack.simulator();
        simulatorUrl = simulator.baseUrl();
        QuarkusAppProcess upstreamGateway = stack.start(stack.upstreamGateway("upstream-gateway", jar)
                // every test user validates searches; the limit is upstream-gateway's own concern
                .property("strategylab.upstream.rate-limit.enabled", "false")
                // analyses are polled often, so tests wait for the site, not for the poll period
                .property("strategylab.upstream.analysis.poll-interval", "100ms"));
        Map<String, String> config = new HashMap<>(stack.datasource());
        config.put("quarkus.rest-client.upstream-gateway.url", upstreamGateway.baseUri().toString());
        return config;
    }

    @Override
    public void stop() {
        if (stack != null) {
            stack.close();
            simulator = null;
        }
    }
}
