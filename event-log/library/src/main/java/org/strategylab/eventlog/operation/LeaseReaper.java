package org.strategylab.eventlog.operation;

import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.jboss.logging.Logger;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.InstanceIdentity;
import org.strategylab.eventlog.OperationKinds;
import org.strategylab.eventlog.ReadableDuration;
import org.strategylab.eventlog.append.EventAppender;
import org.strategylab.eventlog.config.EventLogConfig;
import org.strategylab.eventlog.index.OperationRecord;
import org.strategylab.eventlog.index.OperationStatus;
import org.strategylab.eventlog.index.OperationsIndex;
import org.strategylab.eventlog.replay.ReplayReader;
import org.strategylab.eventlog.replay.TopicPositions;

/**
 * Ends operations that can no longer end by themselves. A claimed operation whose worker died (its
 * lease expired) ends with {@link #STOPPED_REASON}; a queued one that no worker took, while no
 * worker for its events topic has been seen for the claim timeout, ends with
 * {@link #notTakenReason}. A queued operation is never ended merely for waiting in its queue.
 *
 * <p>A claimed operation of a type that is run again ({@code restart.types}) whose command was
 * kept, with runs left ({@code restart.max-attempts}), is not ended: the reaper appends its kind's
 * restart event ({@link OperationKinds#restartEvents}), puts it back in the queue and sends its
 * command again, so a worker of any replica runs it again from the start. Only its last allowed
 * run's death ends it, with {@link #stoppedReason(int)}.
 *
 * <p>It takes over each such operation (one conditional update, so
 * two reapers never take the same one and no live worker's operation is touched), reads the
 * operation's events to continue its numbering, appends its kind's failure events and marks the
 * row failed. If the terminal event is already in the log (the worker died between writing it and
 * marking the row) it only marks the row.
 */
@ApplicationScoped
public class LeaseReaper {

    private static final Logger LOG = Logger.getLogger(LeaseReaper.class);

    /** What clients are told when the reaper ends a claimed operation whose worker stopped renewing its lease. */
    public static final String STOPPED_REASON = "the worker running this operation stopped before it finished";

    /** What clients are told when an operation is ended after its worker died in each of its {@code runs} runs. */
    public static String stoppedReason(int runs) {
        return runs <= 1 ? STOPPED_REASON : STOPPED_REASON + ", in each of the " + runs + " runs it was given";
    }

    /** What clients are told when an operation is run again because its worker died. */
    public static String restartReason(int attempt, int maxAttempts) {
        return "the worker running this operation stopped before it finished; it runs again from the start"
                + " (run " + attempt + " of at most " + maxAttempts + ")";
    }

    /**
     * What clients are told when the reaper ends a queued operation: no worker that could take it
     * has been running for the claim timeout.
     */
    public static String notTakenReason(Duration claimTimeout) {
        return "no worker took this operation: none that runs it has been running for the last "
                + ReadableDuration.of(claimTimeout);
    }

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
    InstanceIdentity instance;

    @Inject
    Vertx vertx;

    @Inject
    Operations operations;

    private final AtomicBoolean reaping = new AtomicBoolean();

    void onStart(@Observes StartupEvent event) {
        if (config.lease().reaper()) {
            vertx.setPeriodic(config.lease().reaperInterval().toMillis(), id -> {
                if (reaping.compareAndSet(false, true)) {
                    reapNow().onTermination().invoke(() -> reaping.set(false)).subscribe().with(
                            count -> { },
                            failure -> LOG.warnf("reaper pass failed (will retry): %s", failure.getMessage()));
                }
            });
        }
    }

    /**
     * One pass: ends every claimed operation whose lease has expired and every queued one no live
     * worker can take; forgets workers not seen for twice the claim timeout. Answers how many it ended.
     */
    public Uni<Integer> reapNow() {
        EventLogConfig.Lease lease = config.lease();
        return index.forgetWorkers(lease.claimTimeout().multipliedBy(2))
                .chain(() -> index.claimAbandoned(instance.id(), lease.reaperBatch(), lease.duration(),
                        lease.claimTimeout()))
                .chain(expired -> Uni.createFrom().item(() -> endAll(expired))
                        .runSubscriptionOn(Infrastructure.getDefaultWorkerPool()));
    }

    private int endAll(List<OperationRecord> expired) {
        int ended = 0;
        for (OperationRecord operation : expired) {
            try {
                end(operation);
                ended++;
            } catch (RuntimeException e) {
                // the claimed lease expires again and a later pass retries
                LOG.warnf("could not end abandoned operation %s yet: %s", operation.id(), e.getMessage());
            }
        }
        return ended;
    }

    private void end(OperationRecord operation) {
        Duration wait = config.adminTimeout();
        long epoch = positions.refreshEpoch(operation.topic()).await().atMost(wait);
        AtomicLong lastSeq = new AtomicLong();
        AtomicReference<String> terminal = new AtomicReference<>();
        if (epoch == operation.epoch()) {
            long start = positions.startOffset(operation.topic(), operation.partition()).await().atMost(wait);
            long end = positions.endOffset(operation.topic(), operation.partition()).await().atMost(wait);
            reader.read(operation.topic(), operation.partition(), Math.max(start, operation.firstOffset()), end,
                    operation.id(), event -> {
                        lastSeq.accumulateAndGet(event.envelope().seq(), Math::max);
                        if (OperationKinds.isTerminal(event.envelope().type())) {
                            terminal.set(event.envelope().type());
                        }
                    });
        }
        if (terminal.get() == null && operation.claimedAt() != null && restarted(operation, lastSeq.get())) {
            return;
        }
        // only an operation that may be run again has had more than one run
        int runs = operation.claimedAt() == null || !operations.restartable(operation.type()) ? 1
                : index.storedCommand(operation.id()).await().atMost(wait)
                        .map(OperationsIndex.StoredCommand::attempts).orElse(1);
        OperationStatus status;
        if (terminal.get() != null) {
            status = OperationKinds.isFailure(terminal.get()) ? OperationStatus.FAILED : OperationStatus.COMPLETED;
        } else {
            long seq = lastSeq.get();
            // never claimed by a worker (a reaper that took it over and failed does not count)
            String reason = operation.claimedAt() == null ? notTakenReason(config.lease().claimTimeout()) : stoppedReason(runs);
            for (OperationKinds.PendingEvent event : OperationKinds.failureEvents(operation.type(), reason)) {
                appender.send(operation.topic(), new EventEnvelope(operation.id(), ++seq, event.type(), Instant.now(),
                        event.data())).join();
            }
            status = OperationStatus.FAILED;
        }
        index.finish(operation.id(), instance.id(), status).await().atMost(wait);
        LOG.infof("ended %s operation %s (%s) as %s", operation.claimedAt() == null ? "never claimed" : "abandoned",
                operation.id(), operation.type(), status.wire());
    }

    /**
     * Runs a claimed operation whose worker died again, if its type allows and it has runs left:
     * its restart event after its last one, the row queued again, its command sent again.
     *
     * @return whether it was put back in the queue (else it is to be ended)
     */
    private boolean restarted(OperationRecord operation, long lastSeq) {
        if (!operations.restartable(operation.type())) {
            return false;
        }
        Duration wait = config.adminTimeout();
        OperationsIndex.StoredCommand command = index.storedCommand(operation.id()).await().atMost(wait).orElse(null);
        int maxAttempts = config.restart().maxAttempts();
        if (command == null || command.attempts() >= maxAttempts) {
            return false;
        }
        String reason = restartReason(command.attempts() + 1, maxAttempts);
        long seq = lastSeq;
        for (OperationKinds.PendingEvent event : OperationKinds.restartEvents(operation.type(), operation.targetId(),
                reason)) {
            appender.send(operation.topic(), new EventEnvelope(operation.id(), ++seq, event.type(), Instant.now(),
                    event.data())).join();
        }
        if (!index.requeue(operation.id(), instance.id()).await().atMost(wait)) {
            return true; // taken from this reaper meanwhile: whoever holds it now goes on
        }
        appender.sendCommand(command.topic(), operation.id().toString(), command.payload()).join();
        LOG.infof("operation %s (%s): its worker died; queued again for run %d of %d", operation.id(),
                operation.type(), command.attempts() + 1, maxAttempts);
        return true;
    }
}
