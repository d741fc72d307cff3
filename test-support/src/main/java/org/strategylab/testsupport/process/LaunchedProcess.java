package org.strategylab.testsupport.process;

import java.time.Duration;

/**
 * What every launcher of a restartable component shares ({@link KafkaBrokerProcess},
 * {@link QuarkusAppProcess}): the current {@link ManagedProcess}, started again on the same
 * configuration after a kill; a hard {@link #kill} (SIGKILL, as a crash would), a graceful
 * {@link #stop} and {@link #close}, each fine when nothing runs. A subclass says how to launch and
 * when the component is ready ({@link #launch}).
 */
public abstract class LaunchedProcess implements AutoCloseable {

    private final String name;
    private final Duration stopGrace;
    private final Duration closeGrace;
    private ManagedProcess process;

    /**
     * @param name       for messages ("kafka", "gateway")
     * @param stopGrace  how long {@link #stop} waits for a graceful exit before killing
     * @param closeGrace how long {@link #close} waits
     */
    protected LaunchedProcess(String name, Duration stopGrace, Duration closeGrace) {
        this.name = name;
        this.stopGrace = stopGrace;
        this.closeGrace = closeGrace;
    }

    /** Starts the component's process; the subclass waits for readiness afterwards. */
    protected abstract ManagedProcess launch();

    /**
     * Launches a new process (refusing while one runs) and makes it the current one.
     *
     * @throws IllegalStateException when the component is already running
     */
    protected final ManagedProcess launchNew() {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException(name + " is already running: " + process);
        }
        process = launch();
        return process;
    }

    /** The running process (null before the first start). */
    public ManagedProcess process() {
        return process;
    }

    /** Whether a process of it runs now. */
    public boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** Kills it with SIGKILL: no graceful shutdown, connections are reset, files stay as they are. */
    public void kill() {
        if (process != null) {
            process.kill();
        }
    }

    /** Stops it gracefully (SIGTERM: its shutdown hooks run), killing it after the stop grace period. */
    public void stop() {
        if (process != null) {
            process.stop(stopGrace);
        }
    }

    /** Stops it; one never started or already gone is fine. */
    @Override
    public void close() {
        if (process != null) {
            process.stop(closeGrace);
        }
    }
}
