package org.strategylab.eventlog.operation;

import io.smallrye.mutiny.Uni;
import java.io.IOException;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jboss.logging.Logger;

/**
 * The worker plumbing a service that runs operations from a commands topic shares (chat-service's
 * turns, experiment-service's runs): read a command, wait for a free slot, claim the command's
 * operation into it, start the work, and give the slot back when the work ends.
 *
 * <p>A command waits for a slot before its operation is claimed, so a burst of commands queues in
 * Kafka and in the index (the operation stays queued, its row unclaimed), not in memory; a queued
 * operation waits for as long as a worker serving its topic lives (see {@link LeaseReaper}). Work
 * accepted where its request arrived takes a slot at once or none ({@link #reserveHere}); its own
 * command, written beside it, is skipped here while it runs. A command delivered twice, or whose
 * operation another instance holds or that has ended, is skipped.
 *
 * <p>Made by {@link Operations#commandWorkers}; the service's {@code @Incoming} method hands each
 * payload to {@link #consume}.
 *
 * @param <C> the service's command type
 */
public final class CommandWorkers<C> {

    private static final Logger LOG = Logger.getLogger(CommandWorkers.class);

    /** Reads a command's payload; answers null for a command this service drops (logged by the reader). */
    @FunctionalInterface
    public interface Reader<C> {
        C read(String payload) throws IOException;
    }

    /** Starts the work of an operation claimed from its command. */
    @FunctionalInterface
    public interface Work<C> {
        /**
         * Starts the work without waiting for it (on a thread or a subscription of its own). When the
         * work has ended (its row too) it closes the slot; it may release the slot earlier (a cancel,
         * while the work winds down). A start that throws gives the slot back and fails the operation.
         */
        void start(OperationHandle handle, C command, Slot slot);
    }

    /** Takes an operation for this instance (the index's claim). */
    @FunctionalInterface
    interface Claims {
        Uni<Optional<OperationHandle>> claim(UUID operationId);
    }

    private final String topic;
    private final WorkSlots slots;
    private final Reader<C> reader;
    private final Function<C, UUID> operationIdOf;
    private final Claims claims;
    private final Work<C> work;
    private final Executor waiting;

    CommandWorkers(String topic, WorkSlots slots, Reader<C> reader, Function<C, UUID> operationIdOf, Claims claims,
                   Work<C> work, Executor waiting) {
        this.topic = topic;
        this.slots = slots;
        this.reader = reader;
        this.operationIdOf = operationIdOf;
        this.claims = claims;
        this.work = work;
        this.waiting = waiting;
    }

    /**
     * Handles one command's payload: completes once its operation's work has started, or once the
     * command was found to be for nothing to do. Never fails: an unreadable command is dropped, and
     * a failure to start is logged (the operation then ends through its lease or the reaper).
     */
    public Uni<Void> consume(String payload) {
        C command;
        try {
            command = reader.read(payload);
        } catch (IOException | RuntimeException e) {
            LOG.warnf("dropped an unreadable command for %s: %s", topic, e.getMessage());
            return Uni.createFrom().voidItem();
        }
        if (command == null) {
            return Uni.createFrom().voidItem();
        }
        return accept(command).onFailure().recoverWithItem(failure -> {
            LOG.errorf(failure, "operation %s (%s) could not be started", operationIdOf.apply(command), topic);
            return null;
        });
    }

    /** Waits for a slot, claims the command's operation into it and starts its work (see {@link #consume}). */
    public Uni<Void> accept(C command) {
        UUID operationId = operationIdOf.apply(command);
        if (slots.startedHere(operationId)) {
            LOG.debugf("operation %s runs here, where it was accepted", operationId);
            return Uni.createFrom().voidItem();
        }
        // the wait for a slot blocks (as long as the queue ahead is): off the event loop
        return Uni.createFrom().item(() -> {
                    slots.acquire();
                    return new Slot(slots, operationId);
                }).runSubscriptionOn(waiting)
                .chain(slot -> claims.claim(operationId)
                        .onFailure().invoke(failure -> slot.close())
                        .map(claimed -> {
                            if (claimed.isEmpty()) {
                                slot.close();
                                LOG.debugf("operation %s is already taken or ended", operationId);
                            } else {
                                startClaimed(claimed.get(), command, slot);
                            }
                            return null;
                        }))
                .replaceWithVoid();
    }

    private void startClaimed(OperationHandle handle, C command, Slot slot) {
        try {
            work.start(handle, command, slot);
        } catch (RuntimeException e) {
            slot.close();
            // it holds a lease that would otherwise be renewed for as long as this instance lives
            handle.fail("the worker could not start this operation")
                    .subscribe().with(done -> { }, failure -> LOG.warnf("operation %s: its failure could not be written: %s",
                            handle.id(), failure.getMessage()));
            throw e;
        }
    }

    /**
     * Takes a slot if one is free at once, for an operation accepted here that this instance starts
     * itself ({@link #runHere}); false when every slot is taken (the operation then waits for its
     * command like any other). Its command is skipped here until the work closes the slot.
     */
    public boolean reserveHere(UUID operationId) {
        return slots.reserveHere(operationId);
    }

    /** Gives back the slot {@link #reserveHere} took for an operation that then could not start. */
    public void releaseHere(UUID operationId) {
        slots.releaseHere(operationId);
    }

    /**
     * Starts work accepted here in the slot {@link #reserveHere} took: {@code start} gets the slot
     * to close when the work ends. A start that throws gives the slot back and rethrows.
     */
    public void runHere(UUID operationId, Consumer<Slot> start) {
        Slot slot = new Slot(slots, operationId);
        try {
            start.accept(slot);
        } catch (RuntimeException e) {
            slot.close();
            throw e;
        }
    }

    /** Slots free now (for tests and metrics). */
    public int freeSlots() {
        return slots.available();
    }

    /** The room one operation's work takes; given back once, however often it is released or closed. */
    public static final class Slot {

        private final WorkSlots slots;
        private final UUID operationId;
        private final AtomicBoolean released = new AtomicBoolean();

        private Slot(WorkSlots slots, UUID operationId) {
            this.slots = slots;
            this.operationId = operationId;
        }

        /** The operation the slot is for. */
        public UUID operationId() {
            return operationId;
        }

        /** Gives the room back before the work has ended (e.g. at a cancel, while it winds down). */
        public void release() {
            if (released.compareAndSet(false, true)) {
                slots.release();
            }
        }

        /** The work has ended (its row too): gives the room back, and a late command finds nothing here to skip. */
        public void close() {
            slots.endedHere(operationId);
            release();
        }
    }
}
