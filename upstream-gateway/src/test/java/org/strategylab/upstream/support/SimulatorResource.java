package org.strategylab.upstream.support;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;
import org.strategylab.simulator.SimulatorOptions;
import org.strategylab.simulator.UpstreamSimulator;

/**
 * The WDK stand-in for the tests, in-process on a free port; every site's origin is pointed at it
 * (so no test can reach a real VEuPathDB host). Tests get it through {@link InjectSimulator}.
 * {@link #SHORT_DEADLINE_SITE} is served by the simulator's PlasmoDB service and has a short call
 * deadline (the test profile's {@code client.site-timeout}): timeout tests use it, every other test
 * uses sites whose deadline no loaded machine reaches.
 */
public class SimulatorResource implements QuarkusTestResourceLifecycleManager {

    /** The site of timeout tests: PlasmoDB's data, a short deadline. */
    public static final String SHORT_DEADLINE_SITE = "amoebadb";

    private UpstreamSimulator simulator;

    @Override
    public Map<String, String> start() {
        simulator = UpstreamSimulator.start(SimulatorOptions.defaults());
        return Map.of("strategylab.sites.origin-override", simulator.baseUrl(),
                "strategylab.sites.base-url." + SHORT_DEADLINE_SITE, simulator.serviceUrl("plasmodb"));
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(simulator,
                new TestInjector.AnnotatedAndMatchesType(InjectSimulator.class, UpstreamSimulator.class));
    }

    @Override
    public void stop() {
        if (simulator != null) {
            simulator.close();
            simulator = null;
        }
    }
}
