package org.strategylab.eventlog.operation;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.LoggedEvent;
import org.strategylab.eventlog.OperationKinds;
import org.strategylab.eventlog.append.AppendQueueFullException;
import org.strategylab.eventlog.index.OperationRecord;
import org.strategylab.eventlog.index.OperationStatus;

/**
 * A running operation as its worker sees it: emits events with consecutive {@code seq}s, ends the
 * operation with a terminal event, and learns about cancel requests. The lease is renewed by
 * {@link LeaseKeeper} for as long as the handle is held.
 */
public final class OperationHandle {

    private final OperationRecord record;
    private final Operations operations;
    private final List<Runnable> cancelListeners = new CopyOnWriteArrayList<>();
    private long seq;
    private boolean ended;
    private volatile boolean cancelRequested;
    private volatile boolean lost;
    private AppendQueueFullException refused;
    private CompletableFuture<Void> posted = CompletableFuture.completedFuture(null);

    OperationHandle(OperationRecord record, long lastSeq, Operations operations) {
        this.record = record;
        this.seq = lastSeq;
        this.operations = operations;
        this.cancelRequested = record.cancelRequested();
    }

    /** The operation id. */
    public UUID id() {
        return record.id();
    }

    /** The index row as it was when the worker took the operation. */
    public OperationRecord record() {
        return record;
    }

    /**
     * Appends an event. Events are sent in call order and numbered 1, 2, 3…; the answer completes
     * when the broker has the event. When the appender's queue is full (the broker has been away
     * for long), the answer fails with an {@link AppendQueueFullException}, and so does every later
     * emit: the operation cannot go on without a gap, so the handle stops renewing its lease and the
     * reaper ends the operation with its kind's failure events once the broker is back.
     *
     * @throws IllegalStateException after the terminal event
     */
    public Uni<LoggedEvent> emit(String type, JsonNode data) {
        return Uni.createFrom().completionStage(append(type, data));
    }

    /**
     * Appends a non-terminal event without waiting for the broker, so the work goes on at once
     * (progress and deltas need not hold the work up for a round trip each). Posted events keep
     * their call order and seq among emitted ones; {@link #end} waits until every posted event is
     * in the log before it appends the terminal event.
     *
     * @return a failure only when the event was refused at once (see {@link #emit})
     * @throws IllegalArgumentException for a terminal event type (end with {@link #end})
     */
    public Uni<Void> post(String type, JsonNode data) {
        if (OperationKinds.isTerminal(type)) {
            throw new IllegalArgumentException(type + " is a terminal event type: end the operation with end()");
        }
        CompletableFuture<LoggedEvent> appended = append(type, data);
        if (appended.isCompletedExceptionally()) {
            return Uni.createFrom().completionStage(appended).replaceWithVoid();
        }
        synchronized (this) {
            posted = CompletableFuture.allOf(posted, appended);
        }
        return Uni.createFrom().voidItem();
    }

    /** Completes when every event posted so far is in the log (fails if one could not be written). */
    public Uni<Void> posted() {
        CompletableFuture<Void> all;
        synchronized (this) {
            all = posted;
        }
        return Uni.createFrom().completionStage(all);
    }

    private CompletableFuture<LoggedEvent> append(String type, JsonNode data) {
        CompletableFuture<LoggedEvent> appended;
        boolean refusedNow = false;
        synchronized (this) {
            if (refused != null) {
                return CompletableFuture.failedFuture(refused);
            }
            if (ended) {
                throw new IllegalStateException("operation " + record.id() + " has already ended");
            }
            seq++;
            if (OperationKinds.isTerminal(type)) {
                ended = true;
            }
            appended = operations.appender().send(record.topic(),
                    new EventEnvelope(record.id(), seq, type, Instant.now(), data));
            // a refusal is immediate: the event never reached the queue, so its seq stays free
            if (appended.isCompletedExceptionally()) {
                try {
                    appended.getNow(null);
                } catch (java.util.concurrent.CompletionException e) {
                    if (e.getCause() instanceof AppendQueueFullException full) {
                        refused = full;
                        seq--;
                        refusedNow = true;
                    }
                }
            }
        }
        if (refusedNow) {
            operations.abandon(this);
        }
        return appended;
    }

    /**
     * Ends the operation: appends the terminal event, then marks the index row, then stops renewing
     * the lease. The log is written first, so a reader never sees an ended row without its end.
     */
    public Uni<Void> end(String terminalType, JsonNode data, OperationStatus status) {
        if (!OperationKinds.isTerminal(terminalType)) {
            throw new IllegalArgumentException(terminalType + " is not a terminal event type");
        }
        return posted().chain(() -> emit(terminalType, data)).chain(() -> operations.finish(this, status))
                .onFailure().invoke(this::giveUp);
    }

    /** Ends the operation as failed with the events its kind ends with on failure (see {@link OperationKinds}). */
    public Uni<Void> fail(String reason) {
        List<OperationKinds.PendingEvent> events = OperationKinds.failureEvents(record.type(), reason);
        // a posted event that could not be written does not stop the failure from being told
        Uni<?> chain = posted().onFailure().recoverWithNull();
        for (OperationKinds.PendingEvent event : events) {
            chain = chain.chain(() -> emit(event.type(), event.data()));
        }
        return chain.chain(() -> operations.finish(this, OperationStatus.FAILED))
                .onFailure().invoke(this::giveUp);
    }

    /**
     * The end could not be written (the broker stayed away past the producer's delivery timeout):
     * stop renewing the lease, so the reaper of a healthy instance writes it once the lease expires,
     * instead of the operation staying active for as long as this instance lives.
     */
    private void giveUp(Throwable failure) {
        operations.abandon(this);
    }

    /** Whether someone asked to cancel the operation (checked at every lease renewal). */
    public boolean cancelRequested() {
        return cancelRequested;
    }

    /** Runs the action once when a cancel request reaches this worker (at once if one already has). */
    public void onCancel(Runnable action) {
        cancelListeners.add(action);
        if (cancelRequested) {
            action.run();
            cancelListeners.remove(action);
        }
    }

    /** Whether the lease was lost (another instance took the operation over); stop working on it. */
    public boolean lost() {
        return lost;
    }

    /** The last seq emitted. */
    public synchronized long lastSeq() {
        return seq;
    }

    void markCancelRequested() {
        if (!cancelRequested) {
            cancelRequested = true;
            for (Runnable listener : cancelListeners) {
                cancelListeners.remove(listener);
                listener.run();
            }
        }
    }

    void markLost() {
        lost = true;
    }

    synchronized boolean ended() {
        return ended;
    }
}
