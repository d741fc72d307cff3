package org.strategylab.testsupport.process;

import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * Waits for a condition by polling it, failing early when a process it depends on dies (with the
 * end of that process's log, which is what one needs to see then).
 */
public final class Waiting {

    private static final Duration POLL = Duration.ofMillis(100);

    private Waiting() {
    }

    /**
     * Polls the condition until it holds.
     *
     * @param what        what is awaited, for the failure message ("the gateway is ready")
     * @param timeout     how long to wait at most
     * @param condition   the condition; an exception counts as "not yet"
     * @param mustBeAlive processes that must not exit meanwhile
     * @throws IllegalStateException when the timeout passes or one of the processes exits
     */
    public static void until(String what, Duration timeout, Callable<Boolean> condition, ManagedProcess... mustBeAlive) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Exception last = null;
        while (true) {
            try {
                if (Boolean.TRUE.equals(condition.call())) {
                    return;
                }
            } catch (Exception e) {
                last = e;
            }
            for (ManagedProcess process : mustBeAlive) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("waiting until " + what + ": " + process.name()
                            + " exited with " + process.exitValue() + "; the end of its log:\n" + process.logTail(40));
                }
            }
            if (System.nanoTime() > deadline) {
                StringBuilder message = new StringBuilder("waited " + timeout.toSeconds() + " s until " + what);
                if (last != null) {
                    message.append(" (last attempt: ").append(last).append(')');
                }
                for (ManagedProcess process : mustBeAlive) {
                    message.append("\nthe end of ").append(process.name()).append("'s log:\n").append(process.logTail(40));
                }
                throw new IllegalStateException(message.toString(), last);
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting until " + what, e);
            }
        }
    }
}
