package org.strategylab.experiment.service;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.smallrye.mutiny.subscription.Cancellable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.jboss.logging.Logger;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.eventlog.operation.Operations;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.messaging.ExperimentCommand;
import io.quarkus.arc.All;
import java.util.List;
import java.util.Optional;
import org.strategylab.experiment.service.run.OperationRun;

/**
 * Takes commands off the consumer: waits for a free run slot ({@code runs.max-concurrent}, so a
 * burst of commands queues in Kafka, not in memory), claims the command's operation (a command
 * delivered twice, or whose operation already ended, is skipped) and starts the run. A cancel
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

    private Semaphore slots;

    @jakarta.annotation.PostConstruct
    void sizeSlots() {
        slots = new Semaphore(config.runs().maxConcurrent());
    }

    /** Completes once the command's run has started (or was found already taken). */
    public Uni<Void> accept(ExperimentCommand command) {
        Optional<OperationRun> run = runs.stream().filter(r -> r.type().equals(command.type())).findFirst();
        if (run.isEmpty()) {
            LOG.warnf("ignored a command of unknown type %s", command.type());
            return Uni.createFrom().voidItem();
        }
        UUID operationId = UUID.fromString(command.operationId());
        return Uni.createFrom().item(() -> {
                    slots.acquireUninterruptibly();
                    return operationId;
                }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .chain(operations::claim)
                .map(claimed -> {
                    if (claimed.isEmpty()) {
                        slots.release();
                        LOG.debugf("operation %s is already taken or ended", operationId);
                    } else {
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
