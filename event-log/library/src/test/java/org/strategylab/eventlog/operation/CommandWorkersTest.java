package org.strategylab.eventlog.operation;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.smallrye.mutiny.Uni;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.index.OperationRecord;
import org.strategylab.eventlog.index.OperationStatus;

/**
 * The shared worker plumbing without a broker or a database: the index's claim is a map of
 * operations and who holds them, the work records what it started and ends when the test says.
 */
class CommandWorkersTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    /** A command: the operation it is for, and whose. */
    record Command(UUID operationId, String owner) {

        Command(UUID operationId) {
            this(operationId, "alice");
        }
    }

    private final ExecutorService waiting = Executors.newCachedThreadPool();
    /** Operations the fake index hands out once each; a second claim of one finds it taken. */
    private final Set<UUID> claimable = ConcurrentHashMap.newKeySet();
    private final AtomicInteger claims = new AtomicInteger();
    private final Map<UUID, CommandWorkers.Slot> running = new ConcurrentHashMap<>();
    private final List<UUID> started = new CopyOnWriteArrayList<>();
    /** The payloads kept for the operations claimed (sent again if a worker dies). */
    private final Map<UUID, String> remembered = new ConcurrentHashMap<>();
    /** The most operations that held a claim while not yet started, plus those running (never above the slots). */
    private final AtomicInteger claimedMax = new AtomicInteger();

    @AfterEach
    void stop() {
        waiting.shutdownNow();
    }

    private CommandWorkers<Command> workers(int slots, CommandWorkers.Work<Command> work) {
        return new CommandWorkers<>("test.events", new WorkSlots(slots), 100, this::read,
                new CommandWorkers.Identity<>(Command::operationId, Command::owner),
                id -> Uni.createFrom().item(() -> {
                    claims.incrementAndGet();
                    return claimable.remove(id) ? Optional.of(handle(id)) : Optional.<OperationHandle>empty();
                }), (handle, payload) -> remembered.put(handle.id(), payload), work, waiting);
    }

    private CommandWorkers<Command> workers(int slots) {
        return workers(slots, (handle, command, slot) -> {
            running.put(handle.id(), slot);
            started.add(handle.id());
            claimedMax.accumulateAndGet(running.size(), Math::max);
        });
    }

    private Command read(String payload) throws IOException {
        if (payload.startsWith("ignore:")) {
            return null;
        }
        try {
            int owner = payload.indexOf('@');
            if (owner > 0) {
                return new Command(UUID.fromString(payload.substring(0, owner)), payload.substring(owner + 1));
            }
            return new Command(UUID.fromString(payload));
        } catch (IllegalArgumentException e) {
            throw new IOException("not a command: " + payload);
        }
    }

    private static OperationHandle handle(UUID id) {
        OperationRecord record = new OperationRecord(id, "alice", "test", null, "test.events", 0, 0L, 0L,
                OperationStatus.ACTIVE, false, "this-instance", null, null, null);
        return new OperationHandle(record, 0, null);
    }

    private UUID queued() {
        UUID id = UUID.randomUUID();
        claimable.add(id);
        return id;
    }

    private void endWork(UUID id) {
        running.remove(id).close();
    }

    @Test
    void aBurstLargerThanTheSlotsWaitsAndEveryCommandRunsOnceASlotIsFree() {
        CommandWorkers<Command> workers = workers(2);
        List<UUID> burst = new ArrayList<>();
        List<Uni<Void>> consumed = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            burst.add(queued());
        }
        // the consumer hands commands on one after the other, each once the previous one started
        Thread consumer = new Thread(() -> burst.forEach(id -> workers.consume(id.toString()).await().atMost(WAIT.multipliedBy(3))));
        consumer.start();
        await().atMost(WAIT).until(() -> started.size() == 2);
        // the third waits for a slot before its operation is claimed: it stays queued in the index
        await().during(Duration.ofMillis(300)).atMost(WAIT).until(() -> started.size() == 2 && claims.get() == 2);
        assertEquals(0, workers.freeSlots());
        // each end of a run lets the next command claim its operation and start
        for (int ended = 0; ended < 6; ended++) {
            int expected = Math.min(6, started.size() + 1);
            endWork(started.get(ended));
            await().atMost(WAIT).until(() -> started.size() == expected);
        }
        await().atMost(WAIT).until(() -> !consumer.isAlive());
        assertEquals(burst, started, "every command started once, in the order it came");
        assertEquals(6, claims.get(), "each operation claimed once, when its slot was free");
        assertTrue(claimedMax.get() <= 2, "never more work than slots: " + claimedMax.get());
        assertEquals(2, workers.freeSlots(), "every slot given back");
    }

    @Test
    void aCommandWhoseOperationIsTakenOrEndedGivesItsSlotBack() {
        CommandWorkers<Command> workers = workers(1);
        UUID elsewhere = UUID.randomUUID(); // not claimable: another instance holds it, or it ended
        workers.consume(elsewhere.toString()).await().atMost(WAIT);
        assertEquals(List.of(), started);
        assertEquals(1, workers.freeSlots());
        UUID next = queued();
        workers.consume(next.toString()).await().atMost(WAIT);
        assertEquals(List.of(next), started);
        assertEquals(Map.of(next, next.toString()), remembered, "the claimed command's payload is kept, the skipped one's not");
    }

    @Test
    void unreadableAndDroppedCommandsAreSkippedWithoutTakingASlot() {
        CommandWorkers<Command> workers = workers(1);
        workers.consume("{not json").await().atMost(WAIT);
        workers.consume("ignore: a type this service does not run").await().atMost(WAIT);
        assertEquals(0, claims.get());
        assertEquals(1, workers.freeSlots());
    }

    @Test
    void workAcceptedHereTakesAFreeSlotAtOnceOrNoneAndItsOwnCommandIsSkippedWhileItRuns() {
        CommandWorkers<Command> workers = workers(1);
        UUID here = queued();
        assertTrue(workers.reserveHere(here, "alice"));
        assertFalse(workers.reserveHere(UUID.randomUUID(), "alice"), "no slot left: that one waits for its command");
        List<CommandWorkers.Slot> slots = new ArrayList<>();
        workers.runHere(here, "alice", slots::add);
        // its command comes back to this instance while it runs: skipped, never claimed
        workers.consume(here.toString()).await().atMost(WAIT);
        assertEquals(0, claims.get());
        slots.get(0).close();
        assertEquals(1, workers.freeSlots());
        // a reservation whose operation then could not start gives its slot back
        UUID failed = UUID.randomUUID();
        assertTrue(workers.reserveHere(failed, "alice"));
        workers.releaseHere(failed, "alice");
        assertEquals(1, workers.freeSlots());
    }

    @Test
    void aStartHereThatThrowsGivesTheSlotBack() {
        CommandWorkers<Command> workers = workers(1);
        UUID here = UUID.randomUUID();
        assertTrue(workers.reserveHere(here, "alice"));
        assertThrows(IllegalStateException.class, () -> workers.runHere(here, "alice", slot -> {
            throw new IllegalStateException("the turn threads are shut down");
        }));
        assertEquals(1, workers.freeSlots());
    }

    @Test
    void aSlotReleasedAtACancelAndClosedAtTheEndIsGivenBackOnce() {
        CommandWorkers<Command> workers = workers(1);
        UUID id = queued();
        workers.consume(id.toString()).await().atMost(WAIT);
        CommandWorkers.Slot slot = running.get(id);
        slot.release(); // the cancel frees the room while the work winds down
        assertEquals(1, workers.freeSlots());
        slot.close();
        slot.release();
        assertEquals(1, workers.freeSlots(), "released once, however often it is asked");
    }

    @Test
    void aWorkThatCannotStartGivesItsSlotBack() {
        AtomicInteger tries = new AtomicInteger();
        CommandWorkers<Command> workers = workers(1, (handle, command, slot) -> {
            tries.incrementAndGet();
            throw new IllegalStateException("no run of this type");
        });
        // the failure is logged and the consumer goes on (the operation ends through its lease)
        workers.consume(queued().toString()).await().atMost(WAIT);
        assertEquals(1, tries.get());
        assertEquals(1, workers.freeSlots());
    }

    @Test
    void aFreeSlotGoesToTheUserWithTheLeastWorkRunningNotToTheLongestQueue() {
        CommandWorkers<Command> workers = workers(2);
        List<UUID> alice = new ArrayList<>();
        List<CompletableFuture<Void>> acks = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            UUID id = queued();
            alice.add(id);
            CompletableFuture<Void> acked = new CompletableFuture<>();
            acks.add(acked);
            // each message's consumption ends once it waits, so the consumer reads on
            workers.consume(id + "@alice", () -> {
                acked.complete(null);
                return acked;
            }).await().atMost(WAIT);
        }
        assertEquals(List.of(alice.get(0), alice.get(1)), started);
        assertEquals(28, workers.waitingCommands());
        assertTrue(acks.get(0).isDone() && acks.get(1).isDone(), "a started command is acknowledged");
        assertFalse(acks.get(2).isDone(), "a waiting command is not acknowledged, so its offset is not committed");
        UUID bob = queued();
        CompletableFuture<Void> bobAcked = new CompletableFuture<>();
        workers.consume(bob + "@bob", () -> {
            bobAcked.complete(null);
            return bobAcked;
        }).await().atMost(WAIT);
        // bob wrote his command after alice's thirty: the next free slot is his all the same
        endWork(alice.get(0));
        await().atMost(WAIT).until(() -> started.size() == 3);
        assertEquals(bob, started.get(2));
        assertTrue(bobAcked.isDone());
        // then alice's queue goes on in the order she wrote it
        endWork(alice.get(1));
        await().atMost(WAIT).until(() -> started.size() == 4);
        assertEquals(alice.get(2), started.get(3));
    }

    @Test
    void workAcceptedHereWaitsItsTurnWhileCommandsWaitForASlot() {
        CommandWorkers<Command> workers = workers(1);
        UUID first = queued();
        workers.consume(first + "@alice", () -> CompletableFuture.completedFuture(null)).await().atMost(WAIT);
        UUID waitingForSlot = queued();
        workers.consume(waitingForSlot + "@bob", () -> CompletableFuture.completedFuture(null)).await().atMost(WAIT);
        endWork(first);
        await().atMost(WAIT).until(() -> started.size() == 2);
        assertFalse(workers.reserveHere(UUID.randomUUID(), "carol"), "no slot free");
        UUID third = queued();
        workers.consume(third + "@alice", () -> CompletableFuture.completedFuture(null)).await().atMost(WAIT);
        endWork(waitingForSlot);
        await().atMost(WAIT).until(() -> started.size() == 3);
        assertEquals(third, started.get(2), "the slot went to the command that waited");
    }

    @Test
    void aCommandForAnOperationStartedHereIsAcknowledgedAtOnce() {
        CommandWorkers<Command> workers = workers(1);
        UUID here = queued();
        assertTrue(workers.reserveHere(here, "alice"));
        CompletableFuture<Void> acked = new CompletableFuture<>();
        workers.consume(here + "@alice", () -> {
            acked.complete(null);
            return acked;
        }).await().atMost(WAIT);
        assertTrue(acked.isDone());
        assertEquals(0, claims.get());
    }

    /** The index's queued operations an idle instance may take (each with its kept command), oldest first. */
    private final java.util.Deque<CommandWorkers.PickedUp> inIndex = new java.util.concurrent.ConcurrentLinkedDeque<>();
    private final AtomicInteger pickupCalls = new AtomicInteger();

    private final CommandWorkers.Pickup pickup = () -> Uni.createFrom().item(() -> {
        pickupCalls.incrementAndGet();
        return Optional.ofNullable(inIndex.pollFirst());
    });

    /** A queued operation of {@code owner} whose command went to another instance. */
    private UUID queuedElsewhere(String owner) {
        UUID id = UUID.randomUUID();
        OperationRecord record = new OperationRecord(id, owner, "test", null, "test.events", 0, 0L, 0L,
                OperationStatus.ACTIVE, false, "this-instance", null, null, null);
        inIndex.addLast(new CommandWorkers.PickedUp(new OperationHandle(record, 0, null), id + "@" + owner));
        return id;
    }

    @Test
    void anIdleInstanceTakesQueuedOperationsFromTheIndexUntilItsSlotsAreFull() {
        CommandWorkers<Command> workers = workers(2);
        UUID first = queuedElsewhere("alice");
        UUID second = queuedElsewhere("bob");
        UUID third = queuedElsewhere("carol");
        workers.pickUpQueued(pickup);
        await().atMost(WAIT).until(() -> started.size() == 2);
        assertEquals(List.of(first, second), started);
        assertEquals(0, workers.freeSlots());
        // a full instance does not even look
        int looked = pickupCalls.get();
        workers.pickUpQueued(pickup);
        assertEquals(looked, pickupCalls.get());
        // a slot given back goes to the next one at the next pass
        endWork(first);
        workers.pickUpQueued(pickup);
        await().atMost(WAIT).until(() -> started.size() == 3);
        assertEquals(third, started.get(2));
        // the command of an operation taken here, read later, waits for a slot, finds it held and is skipped
        CompletableFuture<Void> acked = new CompletableFuture<>();
        workers.consume(second + "@bob", () -> {
            acked.complete(null);
            return acked;
        }).await().atMost(WAIT);
        endWork(third);
        await().atMost(WAIT).until(acked::isDone);
        assertEquals(3, started.size(), "started once");
        assertEquals(1, workers.freeSlots(), "the skipped command gave its slot back");
    }

    @Test
    void nothingIsTakenFromTheIndexWhileCommandsWaitHereForASlot() {
        CommandWorkers<Command> workers = workers(1);
        UUID running = queued();
        workers.consume(running + "@alice", () -> CompletableFuture.completedFuture(null)).await().atMost(WAIT);
        UUID waitingHere = queued();
        workers.consume(waitingHere + "@bob", () -> CompletableFuture.completedFuture(null)).await().atMost(WAIT);
        queuedElsewhere("carol");
        endWork(running);
        await().atMost(WAIT).until(() -> started.size() == 2);
        assertEquals(waitingHere, started.get(1), "this instance's own queue first");
        workers.pickUpQueued(pickup);
        assertEquals(0, pickupCalls.get(), "no slot free, so the index is not asked");
    }

    @Test
    void aPassThatFindsNothingGivesItsSlotBack() {
        CommandWorkers<Command> workers = workers(1);
        workers.pickUpQueued(pickup);
        await().atMost(WAIT).until(() -> pickupCalls.get() == 1);
        assertEquals(1, workers.freeSlots());
        UUID next = queued();
        workers.consume(next.toString()).await().atMost(WAIT);
        assertEquals(List.of(next), started);
        // and a later pass takes what has been queued since
        endWork(next);
        UUID later = queuedElsewhere("dave");
        workers.pickUpQueued(pickup);
        await().atMost(WAIT).until(() -> started.size() == 2);
        assertEquals(later, started.get(1));
    }
}
