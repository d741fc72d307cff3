package org.strategylab.eventlog.operation;

import io.smallrye.mutiny.Uni;
import java.io.IOException;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * The worker plumbing a service that runs operations from a commands topic shares (chat-service's
 * turns, experiment-service's runs): read a command, let it wait for a free slot, claim the
 * command's operation into the slot, start the work, and give the slot back when the work ends.
 *
 * <p>Commands wait here, unclaimed (their operations stay queued in the index), and a free slot goes
 * to the owner with the least work running, then to the owner served longest ago ({@link FairQueue}):
 * one user's burst does not hold back another user's first operation by more than one operation's
 * time. Commands read ahead are bounded ({@code maxWaiting}); past that the consumer waits, and the
 * rest stay in Kafka. A command is acknowledged ({@link #consume(String, Supplier)}) only once its
 * operation has started or was found to be nothing to do, so the offsets committed never pass a
 * command still waiting here: if the instance dies, its waiting commands are read again elsewhere.
 *
 * <p>Work accepted where its request arrived takes a slot at once or none ({@link #reserveHere}); its
 * own command, written beside it, is skipped here while it runs. A command delivered twice, or whose
 * operation another instance holds or that has ended, is skipped.
 *
 * <p>Made by {@link Operations#commandWorkers}; the service's {@code @Incoming} method hands each
 * message to {@link #consume(String, Supplier)}.
 *
 * @param <C> the service's command type
 */
public final class CommandWorkers<C> {

    private static final Logger LOG = Logger.getLogger(CommandWorkers.class);
    /** Whom a slot taken for a pick-up counts against until the operation, and so its owner, is known. */
    private static final String PICKUP = "";

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

    /** Keeps the payload of a command whose operation was just claimed (to send it again if its worker dies). */
    @FunctionalInterface
    interface Remember {
        void remember(OperationHandle handle, String payload);
    }

    /** Takes the next queued operation straight from the index for this instance (see {@link #pickUpQueued}). */
    @FunctionalInterface
    interface Pickup {
        Uni<Optional<PickedUp>> next();
    }

    /**
     * An operation taken from the index, now held by this instance.
     *
     * @param handle  the operation's handle
     * @param payload the command kept with it
     */
    record PickedUp(OperationHandle handle, String payload) {
    }

    /** What a command's operation is and whose. */
    public record Identity<C>(Function<C, UUID> operationIdOf, Function<C, String> ownerOf) {
    }

    /** A command waiting for a slot; {@code started} completes once it started or was skipped. */
    private record Waiting<C>(C command, String payload, UUID operationId, String owner, CompletableFuture<Void> started) {
    }

    private final String topic;
    private final WorkSlots slots;
    private final Reader<C> reader;
    private final Identity<C> identity;
    private final Claims claims;
    private final Remember remember;
    private final Work<C> work;
    private final Executor waitingRoom;
    private final Semaphore room;
    private final FairQueue<Waiting<C>> waiting = new FairQueue<>();
    private final AtomicInteger passes = new AtomicInteger();
    private final AtomicBoolean pickingUp = new AtomicBoolean();

    CommandWorkers(String topic, WorkSlots slots, int maxWaiting, Reader<C> reader, Identity<C> identity, Claims claims,
                   Remember remember, Work<C> work, Executor waitingRoom) {
        this.remember = remember;
        this.topic = topic;
        this.slots = slots;
        this.room = new Semaphore(maxWaiting);
        this.reader = reader;
        this.identity = identity;
        this.claims = claims;
        this.work = work;
        this.waitingRoom = waitingRoom;
    }

    /**
     * Handles one message: completes as soon as its command waits here for a slot (so the consumer
     * reads the next one), or at once for a command with nothing to do; {@code ack} is called once
     * the command's operation has started or was found to be nothing to do. Never fails: an
     * unreadable command is dropped, and a failure to start is logged (the operation then ends
     * through its lease or the reaper).
     */
    public Uni<Void> consume(String payload, Supplier<CompletionStage<Void>> ack) {
        C command = read(payload);
        if (command == null || slots.startedHere(identity.operationIdOf().apply(command))) {
            return Uni.createFrom().completionStage(ack);
        }
        // the room ahead is bounded: when it is full the wait blocks (as long as the queue ahead), off the event loop
        return Uni.createFrom().item(() -> {
                    room.acquireUninterruptibly();
                    return command;
                }).runSubscriptionOn(waitingRoom)
                .invoke(taken -> enqueue(taken, payload).whenComplete((done, failure) -> {
                    room.release();
                    ack.get();
                }))
                .replaceWithVoid();
    }

    /**
     * Handles one command's payload and completes only once its operation has started or was found
     * to be nothing to do (for callers that acknowledge on completion). Never fails (see
     * {@link #consume(String, Supplier)}).
     */
    public Uni<Void> consume(String payload) {
        C command = read(payload);
        if (command == null) {
            return Uni.createFrom().voidItem();
        }
        return accept(command, payload);
    }

    private C read(String payload) {
        try {
            return reader.read(payload);
        } catch (IOException | RuntimeException e) {
            LOG.warnf("dropped an unreadable command for %s: %s", topic, e.getMessage());
            return null;
        }
    }

    /** Lets the command wait for a slot, claims its operation into it and starts its work (see {@link #consume(String)}). */
    private Uni<Void> accept(C command, String payload) {
        UUID operationId = identity.operationIdOf().apply(command);
        if (slots.startedHere(operationId)) {
            LOG.debugf("operation %s runs here, where it was accepted", operationId);
            return Uni.createFrom().voidItem();
        }
        return Uni.createFrom().completionStage(() -> enqueue(command, payload));
    }

    private CompletableFuture<Void> enqueue(C command, String payload) {
        Waiting<C> entry = new Waiting<>(command, payload, identity.operationIdOf().apply(command),
                identity.ownerOf().apply(command), new CompletableFuture<>());
        synchronized (slots) {
            waiting.add(entry.owner(), entry);
        }
        serve();
        // a failure is logged where it happens; the consumer goes on
        return entry.started().exceptionally(failure -> null);
    }

    /**
     * Hands free slots to the commands waiting, fairest first. A slot given back while a pass runs
     * (a claim that finds its operation taken answers at once) asks for one more pass instead of
     * starting a nested one, so a long line of skipped commands does not deepen the stack.
     */
    private void serve() {
        if (passes.getAndIncrement() != 0) {
            return;
        }
        int asked = 1;
        do {
            servePass();
            asked = passes.addAndGet(-asked);
        } while (asked != 0);
    }

    private void servePass() {
        while (true) {
            Waiting<C> next;
            synchronized (slots) {
                if (waiting.isEmpty() || slots.available() == 0) {
                    return;
                }
                next = waiting.poll(slots::running);
                slots.tryTake(next.owner());
            }
            claimInto(next, new Slot(slots, next.operationId(), next.owner(), this::serve));
        }
    }

    private void claimInto(Waiting<C> entry, Slot slot) {
        claims.claim(entry.operationId()).subscribe().with(claimed -> {
            if (claimed.isEmpty()) {
                slot.close();
                LOG.debugf("operation %s is already taken or ended", entry.operationId());
            } else {
                try {
                    remember.remember(claimed.get(), entry.payload());
                    startClaimed(claimed.get(), entry.command(), slot);
                } catch (RuntimeException e) {
                    LOG.errorf(e, "operation %s (%s) could not be started", entry.operationId(), topic);
                }
            }
            entry.started().complete(null);
        }, failure -> {
            slot.close();
            LOG.errorf(failure, "operation %s (%s) could not be claimed", entry.operationId(), topic);
            entry.started().completeExceptionally(failure);
        });
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
     * While this instance has a free slot and no command waits here for one, takes queued operations
     * straight from the index, one after another, the owner with least running first ({@link Pickup}:
     * those that waited longer than {@code workers.pickup-after} for the instance their command went
     * to). Without it an idle instance would stand by while another instance's partitions hold a
     * queue. The instance the command went to later finds the operation taken and skips its command.
     * Called periodically; a call while a pass runs does nothing.
     */
    void pickUpQueued(Pickup pickup) {
        if (pickingUp.compareAndSet(false, true)) {
            pickNext(pickup);
        }
    }

    private void pickNext(Pickup pickup) {
        synchronized (slots) {
            // commands waiting here come first: they are this instance's own partitions' queue
            if (!waiting.isEmpty() || !slots.tryTake(PICKUP)) {
                pickingUp.set(false);
                return;
            }
        }
        pickup.next().subscribe().with(picked -> {
            if (picked.isEmpty()) {
                endPickUp();
                return;
            }
            startPickedUp(picked.get());
            pickNext(pickup);
        }, failure -> {
            LOG.warnf("queued operations of %s could not be taken from the index: %s", topic, failure.getMessage());
            endPickUp();
        });
    }

    /** Gives back the slot a pick-up found nothing for; a command that came meanwhile may take it. */
    private void endPickUp() {
        slots.release(PICKUP);
        pickingUp.set(false);
        serve();
    }

    private void startPickedUp(PickedUp picked) {
        OperationHandle handle = picked.handle();
        String owner = handle.record().ownerId();
        slots.transfer(PICKUP, owner);
        Slot slot = new Slot(slots, handle.id(), owner, this::serve);
        C command = read(picked.payload());
        if (command == null) {
            slot.close();
            handle.fail("the worker could not read this operation's command").subscribe().with(done -> { },
                    failure -> LOG.warnf("operation %s: its failure could not be written: %s", handle.id(), failure.getMessage()));
            return;
        }
        LOG.debugf("operation %s of %s taken from the index (queued past the pick-up wait)", handle.id(), owner);
        try {
            startClaimed(handle, command, slot);
        } catch (RuntimeException e) {
            LOG.errorf(e, "operation %s (%s) could not be started", handle.id(), topic);
        }
    }

    /**
     * Takes a slot if one is free at once, for an operation accepted here that this instance starts
     * itself ({@link #runHere}); false when every slot is taken or commands wait for one (the
     * operation then waits for its command like any other, in its owner's turn). Its command is
     * skipped here until the work closes the slot.
     */
    public boolean reserveHere(UUID operationId, String owner) {
        synchronized (slots) {
            return waiting.isEmpty() && slots.reserveHere(operationId, owner);
        }
    }

    /** Gives back the slot {@link #reserveHere} took for an operation that then could not start. */
    public void releaseHere(UUID operationId, String owner) {
        slots.releaseHere(operationId, owner);
        serve();
    }

    /**
     * Starts work accepted here in the slot {@link #reserveHere} took: {@code start} gets the slot
     * to close when the work ends. A start that throws gives the slot back and rethrows.
     */
    public void runHere(UUID operationId, String owner, Consumer<Slot> start) {
        Slot slot = new Slot(slots, operationId, owner, this::serve);
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

    /** Commands waiting here for a slot (for tests and metrics). */
    public int waitingCommands() {
        synchronized (slots) {
            return waiting.size();
        }
    }

    /** The room one operation's work takes; given back once, however often it is released or closed. */
    public static final class Slot {

        private final WorkSlots slots;
        private final UUID operationId;
        private final String owner;
        private final Runnable afterRelease;
        private final AtomicBoolean released = new AtomicBoolean();

        private Slot(WorkSlots slots, UUID operationId, String owner, Runnable afterRelease) {
            this.slots = slots;
            this.operationId = operationId;
            this.owner = owner;
            this.afterRelease = afterRelease;
        }

        /** The operation the slot is for. */
        public UUID operationId() {
            return operationId;
        }

        /** Gives the room back before the work has ended (e.g. at a cancel, while it winds down). */
        public void release() {
            if (released.compareAndSet(false, true)) {
                slots.release(owner);
                // the room goes to the next command waiting, if any
                afterRelease.run();
            }
        }

        /** The work has ended (its row too): gives the room back, and a late command finds nothing here to skip. */
        public void close() {
            slots.endedHere(operationId);
            release();
        }
    }
}
