package org.strategylab.simulator;

import java.util.List;
import org.strategylab.simulator.data.SyntheticDataGenerator;
import org.strategylab.simulator.faults.FaultPlan;
import org.strategylab.simulator.wdk.RegisteredAccount;

/**
 * How to start a simulator.
 *
 * @param host       address to bind (loopback by default)
 * @param port       port to bind; 0 picks a free one
 * @param seed       data generator seed (same seed, same genes)
 * @param sites      registry ids of the sites to serve: the portal {@code veupathdb} and the component
 *                   sites with synthetic data, {@code plasmodb} and {@code toxodb}
 * @param faults     the run's fault settings ({@link org.strategylab.simulator.faults.FaultInjector#reset()} returns to them)
 * @param accounts   accounts that can log in
 * @param eventLoops HTTP event-loop threads
 */
public record SimulatorOptions(String host, int port, long seed, List<String> sites, FaultPlan faults,
                               List<RegisteredAccount> accounts, int eventLoops) {

    public static final List<String> SERVABLE_SITES = List.of("veupathdb", "plasmodb", "toxodb");

    /** Loopback, a random port, the default seed, all three sites, no faults, the demo account. */
    public static SimulatorOptions defaults() {
        return new SimulatorOptions("127.0.0.1", 0, SyntheticDataGenerator.DEFAULT_SEED, SERVABLE_SITES, FaultPlan.NONE,
                List.of(RegisteredAccount.DEMO), Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors())));
    }

    public SimulatorOptions withPort(int newPort) {
        return new SimulatorOptions(host, newPort, seed, sites, faults, accounts, eventLoops);
    }

    public SimulatorOptions withHost(String newHost) {
        return new SimulatorOptions(newHost, port, seed, sites, faults, accounts, eventLoops);
    }

    public SimulatorOptions withSeed(long newSeed) {
        return new SimulatorOptions(host, port, newSeed, sites, faults, accounts, eventLoops);
    }

    public SimulatorOptions withSites(List<String> newSites) {
        return new SimulatorOptions(host, port, seed, List.copyOf(newSites), faults, accounts, eventLoops);
    }

    public SimulatorOptions withFaults(FaultPlan newFaults) {
        return new SimulatorOptions(host, port, seed, sites, newFaults, accounts, eventLoops);
    }

    public SimulatorOptions withAccounts(List<RegisteredAccount> newAccounts) {
        return new SimulatorOptions(host, port, seed, sites, faults, List.copyOf(newAccounts), eventLoops);
    }

    public SimulatorOptions withEventLoops(int newEventLoops) {
        return new SimulatorOptions(host, port, seed, sites, faults, accounts, newEventLoops);
    }
}
