package org.strategylab.eventlog.operation;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.strategylab.eventlog.InstanceIdentity;
import org.strategylab.eventlog.append.EventAppender;
import org.strategylab.eventlog.config.EventLogConfig;
import org.strategylab.eventlog.index.OperationRecord;
import org.strategylab.eventlog.index.OperationStatus;
import org.strategylab.eventlog.index.OperationsIndex;
import org.strategylab.eventlog.replay.ReplayReader;
import org.strategylab.eventlog.replay.TopicPositions;

/**
 * Starts operations and hands them to workers. An operation gets its index row before anyone can
 * subscribe to it: the row records the partition its key maps to and that partition's end offset,
 * so replay later seeks straight there.
 *
 * <p>Two ways to run one: {@link #start} registers and claims it in this instance (work done right
 * here); {@link #register} only registers it (the request then writes a command) and a worker in
 * any replica {@link #claim}s it when it consumes the command.
 */
@ApplicationScoped
public class Operations {

    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(Operations.class);

    @Inject
    EventLogConfig config;

    @Inject
    OperationsIndex index;

    @Inject
    EventAppender appender;

    @Inject
    TopicPositions positions;

    @Inject
    ReplayReader reader;

    @Inject
    LeaseKeeper leases;

    @Inject
    InstanceIdentity instance;

    @Inject
    io.vertx.mutiny.core.Vertx vertx;

    /**
     * The workers of a service that takes operations whose events go to {@code eventsTopic} from its
     * commands: up to {@code maxConcurrent} at once, each claimed only once a slot is free, free slots
     * going to the owner with the least work running ({@link CommandWorkers}). This instance is
     * recorded as serving the topic from now on, so its queued operations wait for it.
     *
     * @param commandsTopic where the commands come from (a restartable operation's command is kept
     *                      with it, to be sent there again if its worker dies)
     * @param reader        reads a command off the topic (null: drop it, e.g. a type this service does not run)
     * @param identity      the operation a command is for, and its owner
     * @param work          starts a claimed operation's work (see {@link CommandWorkers.Work})
     */
    public <C> CommandWorkers<C> commandWorkers(String eventsTopic, String commandsTopic, int maxConcurrent,
                                                CommandWorkers.Reader<C> reader, CommandWorkers.Identity<C> identity,
                                                CommandWorkers.Work<C> work) {
        leases.serve(eventsTopic);
        CommandWorkers<C> workers = new CommandWorkers<>(eventsTopic, new WorkSlots(maxConcurrent),
                config.workers().maxWaitingCommands(), reader, identity, this::claim,
                (handle, payload) -> rememberCommand(handle, commandsTopic, payload), work, Infrastructure.getDefaultWorkerPool());
        config.workers().pickupAfter().ifPresent(after -> {
            CommandWorkers.Pickup pickup = () -> pickUp(eventsTopic, after);
            vertx.setPeriodic(config.workers().pickupInterval().toMillis(), id -> workers.pickUpQueued(pickup));
        });
        return workers;
    }

    /**
     * Keeps an operation's command with it as it is written to {@code commandsTopic}: an instance
     * with a free slot may then take the operation from the index ({@code workers.pickup-after})
     * instead of waiting for the instance the command went to, and a run whose worker dies can be
     * sent again. Write it before the command, so that no worker can take the operation without it.
     */
    public Uni<Void> keepCommand(UUID operationId, String commandsTopic, String payload) {
        return index.rememberCommand(operationId, commandsTopic, payload);
    }

    /**
     * Takes for this instance the queued operation of {@code eventsTopic}, waiting at least
     * {@code waited}, whose owner has least running (see {@link OperationsIndex#takeQueued}); empty
     * when none, or when this instance no longer serves the topic.
     */
    Uni<Optional<CommandWorkers.PickedUp>> pickUp(String eventsTopic, Duration waited) {
        if (!leases.serves(eventsTopic)) {
            return Uni.createFrom().item(Optional.empty());
        }
        return index.takeQueued(instance.id(), eventsTopic, waited, config.lease().duration()).chain(taken -> {
            if (taken.isEmpty()) {
                return Uni.createFrom().item(Optional.<CommandWorkers.PickedUp>empty());
            }
            OperationRecord record = taken.get().operation();
            Uni<Long> seq = taken.get().heldBefore() ? lastSeq(record) : Uni.createFrom().item(0L);
            return seq.map(last -> Optional.of(new CommandWorkers.PickedUp(
                    leases.hold(new OperationHandle(record, last, this)), taken.get().payload())));
        });
    }

    /**
     * Keeps the command of an operation whose type is run again when its worker dies
     * ({@code restart.types}), so the reaper can send it again; nothing for other types. Not waited
     * for: a command not kept only means the operation ends failed instead of running again.
     */
    public void rememberCommand(OperationHandle handle, String commandsTopic, String payload) {
        if (!restartable(handle.record().type())) {
            return;
        }
        index.rememberCommand(handle.id(), commandsTopic, payload).subscribe().with(done -> { },
                failure -> LOG.warnf("operation %s: its command was not kept, so it cannot be run again: %s",
                        handle.id(), failure.getMessage()));
    }

    /** Whether operations of this type are run again when their worker dies. */
    boolean restartable(String type) {
        return config.restart().types().map(types -> types.contains(type)).orElse(false);
    }

    /**
     * How many active operations (running or queued) the owner has in this service's index: what a
     * per-user cap is checked against before a new one is registered.
     */
    public Uni<Long> activeOf(String ownerId) {
        return index.countActive(ownerId, null, null);
    }

    /**
     * Registers an operation that a worker will claim. It waits, queued, for as long as a worker for
     * its topic is alive; only when none has been seen for the claim timeout does the reaper end it.
     */
    public Uni<OperationRecord> register(String ownerId, String type, String targetId, String topic) {
        return register(UUID.randomUUID(), ownerId, type, targetId, topic);
    }

    /**
     * Registers an operation under an id the caller chose, so that what refers to it (e.g. the row of
     * the work it does) can be written at the same time instead of after.
     */
    public Uni<OperationRecord> register(UUID id, String ownerId, String type, String targetId, String topic) {
        return newRecord(id, ownerId, type, targetId, topic, null)
                .call(record -> index.insert(record, config.lease().claimTimeout()));
    }

    /** Registers an operation and claims it for this instance at once. */
    public Uni<OperationHandle> start(String ownerId, String type, String targetId, String topic) {
        return start(UUID.randomUUID(), ownerId, type, targetId, topic);
    }

    /**
     * Registers an operation under an id the caller chose and claims it for this instance at once,
     * so that what refers to it (its command, the row of its work) can be written at the same time.
     */
    public Uni<OperationHandle> start(UUID id, String ownerId, String type, String targetId, String topic) {
        return newRecord(id, ownerId, type, targetId, topic, instance.id())
                .call(record -> index.insert(record, config.lease().duration()))
                .map(record -> leases.hold(new OperationHandle(record, 0, this)));
    }

    /**
     * Takes a registered operation for this instance, e.g. when its command arrives.
     *
     * @return empty when it ended, a live worker holds it already, or this instance runs it (e.g. a
     *         command for work the instance that accepted it started at once)
     */
    public Uni<Optional<OperationHandle>> claim(UUID operationId) {
        if (leases.holds(operationId)) {
            // the index would give it again to the same holder: that is for a restarted instance
            // taking its own work back, never for a second run in the same process
            return Uni.createFrom().item(Optional.empty());
        }
        return index.take(operationId, instance.id(), config.lease().duration()).chain(taken -> {
            if (taken.isEmpty()) {
                return Uni.createFrom().item(Optional.<OperationHandle>empty());
            }
            OperationRecord record = taken.get().operation();
            // the first worker to take it knows there is nothing to number on from (only holders
            // write events): no read of the log on the usual path
            Uni<Long> seq = taken.get().heldBefore() ? lastSeq(record) : Uni.createFrom().item(0L);
            return seq.map(last -> Optional.of(leases.hold(new OperationHandle(record, last, this))));
        });
    }

    /**
     * The highest seq the operation has in the log (0 when none): a worker taking over continues
     * the numbering instead of repeating it.
     */
    Uni<Long> lastSeq(OperationRecord record) {
        return positions.endOffset(record.topic(), record.partition()).chain(end -> Uni.createFrom().item(() -> {
            AtomicLong last = new AtomicLong();
            reader.read(record.topic(), record.partition(), record.firstOffset(), end, record.id(),
                    event -> last.accumulateAndGet(event.envelope().seq(), Math::max));
            return last.get();
        }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool()));
    }

    Uni<Void> finish(OperationHandle handle, OperationStatus status) {
        leases.release(handle.id());
        return index.finish(handle.id(), instance.id(), status).replaceWithVoid();
    }

    void abandon(OperationHandle handle) {
        leases.abandon(handle.id());
    }

    EventAppender appender() {
        return appender;
    }

    Duration leaseDuration() {
        return config.lease().duration();
    }

    private Uni<OperationRecord> newRecord(UUID id, String ownerId, String type, String targetId, String topic, String holder) {
        // the producer's metadata look-up blocks on first use of a topic
        Uni<Integer> partition = Uni.createFrom().item(() -> appender.partitionFor(topic, id))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
        return partition.chain(p -> Uni.combine().all()
                .unis(positions.endOffset(topic, p), positions.epoch(topic)).asTuple()
                .map(found -> new OperationRecord(id, ownerId, type, targetId, topic, p, found.getItem1(),
                        found.getItem2(), OperationStatus.ACTIVE, false, holder, null, null, null,
                        holder == null ? null : java.time.OffsetDateTime.now())));
    }
}
