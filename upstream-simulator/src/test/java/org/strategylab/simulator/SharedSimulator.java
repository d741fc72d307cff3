package org.strategylab.simulator;

/**
 * One simulator for the whole test JVM: starting is cheap but not free, and tests isolate themselves
 * by using fresh guests (each test's steps belong to its own user) and resetting faults.
 */
final class SharedSimulator {

    private static UpstreamSimulator instance;

    private SharedSimulator() {
    }

    static synchronized UpstreamSimulator get() {
        if (instance == null) {
            instance = UpstreamSimulator.start(SimulatorOptions.defaults());
            Runtime.getRuntime().addShutdownHook(new Thread(instance::close));
        }
        return instance;
    }

    static String plasmo() {
        return get().serviceUrl("plasmodb");
    }
}
