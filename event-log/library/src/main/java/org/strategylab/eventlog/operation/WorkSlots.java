package org.strategylab.eventlog.operation;

import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

/**
 * The operations one instance runs at once, bounded, whichever way each arrived: from its command
 * (a consumer waits for a slot, so a burst queues in Kafka, not in memory) or started where its
 * request was accepted (a slot taken at once, or none). An operation started here is remembered
 * until it ends, so that its own command, written beside the start, is skipped when it comes back to
 * this instance: before the operation's row exists there would be nothing to take, and after it the
 * index would hand the operation to its own holder again.
 */
public final class WorkSlots {

    private final Semaphore slots;
    private final Set<UUID> startedHere = ConcurrentHashMap.newKeySet();

    /** @param max operations the instance runs at once */
    public WorkSlots(int max) {
        this.slots = new Semaphore(max);
    }

    /** For a command's operation: waits until a slot is free. */
    public void acquire() {
        slots.acquireUninterruptibly();
    }

    /** Gives back a slot taken for an operation that ended (or was not taken after all). */
    public void release() {
        slots.release();
    }

    /** For an operation accepted here: takes a slot if one is free at once, and remembers it as started here. */
    public boolean reserveHere(UUID operationId) {
        if (!slots.tryAcquire()) {
            return false;
        }
        startedHere.add(operationId);
        return true;
    }

    /** Gives back the slot {@link #reserveHere} took for an operation that then could not start. */
    public void releaseHere(UUID operationId) {
        startedHere.remove(operationId);
        slots.release();
    }

    /** An operation started here has ended (its row too): a late command finds nothing to take. */
    public void endedHere(UUID operationId) {
        startedHere.remove(operationId);
    }

    /** Slots free now. */
    public int available() {
        return slots.availablePermits();
    }

    /** Whether the operation was started here and has not ended: its command is to be skipped. */
    public boolean startedHere(UUID operationId) {
        return startedHere.contains(operationId);
    }
}
