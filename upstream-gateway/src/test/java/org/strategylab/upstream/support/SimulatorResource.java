package org.strategylab.upstream.support;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;
import org.strategylab.simulator.SimulatorOptions;
import org.strategylab.simulator.UpstreamSimulator;

/**
 * The WDK stand-in for the tests, in-process on a free port; every site's origin is pointed at it
 * (so no test can reach a real VEuPathDB host). Tests get it through {@link InjectSimulator}.
 */
public class SimulatorResource implements QuarkusTestResourceLifecycleManager {

    private UpstreamSimulator simulator;

    @Override
    public Map<String, String> start() {
        simulator = UpstreamSimulator.start(SimulatorOptions.defaults());
        return Map.of("strategylab.sites.origin-override", simulator.baseUrl());
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
