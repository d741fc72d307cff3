package org.strategylab.eventlog.operation;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The operations one instance runs at once, bounded, whichever way each arrived: from its command
 * (a command waits, unclaimed, until a slot is free) or started where its request was accepted (a
 * slot taken at once, or none). Each slot is counted against its owner, so the commands waiting can
 * be handed out to the owner with the least work running ({@link FairQueue}). An operation started
 * here is remembered until it ends, so that its own command, written beside the start, is skipped
 * when it comes back to this instance: before the operation's row exists there would be nothing to
 * take, and after it the index would hand the operation to its own holder again.
 */
public final class WorkSlots {

    private final int max;
    private int taken;
    private final Map<String, Integer> runningByOwner = new HashMap<>();
    private final Set<UUID> startedHere = ConcurrentHashMap.newKeySet();

    /** @param max operations the instance runs at once */
    public WorkSlots(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("an instance runs at least one operation at once");
        }
        this.max = max;
    }

    /** Takes a slot for the owner's operation if one is free now. */
    public synchronized boolean tryTake(String owner) {
        if (taken >= max) {
            return false;
        }
        taken++;
        runningByOwner.merge(owner, 1, Integer::sum);
        return true;
    }

    /** Gives back a slot the owner's operation held (it ended, or was not taken after all). */
    public synchronized void release(String owner) {
        taken--;
        runningByOwner.computeIfPresent(owner, (o, n) -> n > 1 ? n - 1 : null);
    }

    /** Counts a slot held under one owner against another (a slot taken before its owner was known). */
    public synchronized void transfer(String from, String to) {
        runningByOwner.computeIfPresent(from, (o, n) -> n > 1 ? n - 1 : null);
        runningByOwner.merge(to, 1, Integer::sum);
    }

    /** For an operation accepted here: takes a slot if one is free at once, and remembers it as started here. */
    public synchronized boolean reserveHere(UUID operationId, String owner) {
        if (!tryTake(owner)) {
            return false;
        }
        startedHere.add(operationId);
        return true;
    }

    /** Gives back the slot {@link #reserveHere} took for an operation that then could not start. */
    public synchronized void releaseHere(UUID operationId, String owner) {
        startedHere.remove(operationId);
        release(owner);
    }

    /** An operation started here has ended (its row too): a late command finds nothing to take. */
    public void endedHere(UUID operationId) {
        startedHere.remove(operationId);
    }

    /** Slots free now. */
    public synchronized int available() {
        return max - taken;
    }

    /** How many slots the owner's operations hold now. */
    public synchronized int running(String owner) {
        return runningByOwner.getOrDefault(owner, 0);
    }

    /** Whether the operation was started here and has not ended: its command is to be skipped. */
    public boolean startedHere(UUID operationId) {
        return startedHere.contains(operationId);
    }
}
