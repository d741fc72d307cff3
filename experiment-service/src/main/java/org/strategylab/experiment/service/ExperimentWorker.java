package org.strategylab.experiment.service;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.smallrye.mutiny.subscription.Cancellable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.jboss.logging.Logger;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.eventlog.operation.Operations;
import org.strategylab.eventlog.operation.WorkSlots;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.messaging.ExperimentCommand;
import io.quarkus.arc.All;
import java.util.List;
import java.util.Optional;
import org.strategylab.experiment.service.run.OperationRun;

/**
 * Takes commands off the consumer: waits for a free run slot ({@code runs.max-concurrent}, so a
 * burst of commands queues in Kafka, not in memory), claims the command's operation (a command
 * delivered twice, or whose operation already ended or that the accepting instance runs itself, is
 * skipped) and starts the run. A single experiment's run starts at once on the instance that accepted
 * it when a slot is free there ({@code runs.run-where-accepted});
 * {@code strategylab_experiments_runs_started_total} counts both paths. A cancel
 * request, which reaches the worker at its next lease heartbeat, stops the run's upstream work and
 * ends it as cancelled.
 */
@ApplicationScoped
public class ExperimentWorker {

    private static final Logger LOG = Logger.getLogger(ExperimentWorker.class);

    @Inject
    Operations operations;

    @Inject
    @All
    List<OperationRun> runs;

    @Inject
    ExperimentConfig config;

    @Inject
    MeterRegistry meters;

    private WorkSlots slots;
    private Counter startedHere;
    private Counter startedFromCommands;

    @jakarta.annotation.PostConstruct
    void sizeSlots() {
        slots = new WorkSlots(config.runs().maxConcurrent());
        startedHere = Counter.builder("strategylab.experiments.runs.started").tag("path", "accepted")
                .description("Runs started by the instance that accepted them (a free slot there)").register(meters);
        startedFromCommands = Counter.builder("strategylab.experiments.runs.started").tag("path", "command")
                .description("Runs started by a worker that took them from experiment.commands").register(meters);
    }

    private Optional<OperationRun> runOf(ExperimentCommand command) {
        return runs.stream().filter(r -> r.type().equals(command.type())).findFirst();
    }

    /**
     * Takes a run slot if one is free at once, for a run this instance accepted and starts itself
     * ({@link #runHere}); false when every slot is taken (the run then waits in Kafka). Its command
     * is skipped here until it ends ({@link WorkSlots}).
     */
    public boolean reserveSlot(UUID operationId) {
        return slots.reserveHere(operationId);
    }

    /** Gives back a slot {@link #reserveSlot} took for a run that then could not start. */
    public void releaseSlot(UUID operationId) {
        slots.releaseHere(operationId);
    }

    /** Starts a run this instance accepted and holds the operation of, in the slot it reserved. */
    public void runHere(OperationHandle handle, ExperimentCommand command) {
        OperationRun run = runOf(command).orElseThrow(() -> new IllegalArgumentException(
                "no run of type " + command.type()));
        startedHere.increment();
        start(run, handle, command);
    }

    /** Completes once the command's run has started (or was found already taken). */
    public Uni<Void> accept(ExperimentCommand command) {
        Optional<OperationRun> run = runOf(command);
        if (run.isEmpty()) {
            LOG.warnf("ignored a command of unknown type %s", command.type());
            return Uni.createFrom().voidItem();
        }
        UUID operationId = UUID.fromString(command.operationId());
        if (slots.startedHere(operationId)) {
            LOG.debugf("operation %s runs here, where it was accepted", operationId);
            return Uni.createFrom().voidItem();
        }
        return Uni.createFrom().item(() -> {
                    slots.acquire();
                    return operationId;
                }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .chain(operations::claim)
                .map(claimed -> {
                    if (claimed.isEmpty()) {
                        slots.release();
                        LOG.debugf("operation %s is already taken or ended", operationId);
                    } else {
                        startedFromCommands.increment();
                        start(run.get(), claimed.get(), command);
                    }
                    return null;
                })
                .onFailure().invoke(failure -> slots.release())
                .replaceWithVoid();
    }

    private void start(OperationRun run, OperationHandle handle, ExperimentCommand command) {
        long started = System.nanoTime();
        AtomicBoolean over = new AtomicBoolean();
        AtomicReference<Cancellable> running = new AtomicReference<>();
        running.set(run.run(handle, command)
                // whichever ends first, the run or a cancel, gives the slot back
                .eventually(() -> {
                    // the run has ended (its row too): a late command finds nothing to take
                    slots.endedHere(handle.id());
                    if (over.compareAndSet(false, true)) {
                        slots.release();
                    }
                })
                .subscribe().with(done -> { }, failure ->
                        LOG.errorf(failure, "operation %s: its end could not be written", command.operationId())));
        handle.onCancel(() -> {
            if (over.compareAndSet(false, true)) {
                slots.release();
                Cancellable subscription = running.get();
                if (subscription != null) {
                    subscription.cancel();
                }
                run.cancelled(handle, command, started)
                        .subscribe().with(done -> { }, failure ->
                                LOG.errorf(failure, "operation %s: its cancellation could not be written",
                                        command.operationId()));
            }
        });
    }
}
