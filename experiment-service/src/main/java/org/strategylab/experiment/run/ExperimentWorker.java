package org.strategylab.experiment.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.arc.All;
import io.quarkus.runtime.Startup;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.Cancellable;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.jboss.logging.Logger;
import org.strategylab.eventlog.operation.CommandWorkers;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.eventlog.operation.Operations;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.edge.auth.OnBehalfOf;
import org.strategylab.experiment.messaging.ExperimentCommand;

/**
 * Runs experiment commands with the event log's shared worker plumbing ({@link CommandWorkers}):
 * a command waits for a free run slot ({@code runs.max-concurrent}) before its operation is claimed,
 * so a burst queues in Kafka and its operations stay {@code queued} (their experiments
 * {@code pending}) for as long as a worker lives; a command delivered twice, or whose operation
 * already ended or that the accepting instance runs itself, is skipped. A single experiment's run
 * starts at once on the instance that accepted it when a slot is free there
 * ({@code runs.run-where-accepted}); {@code strategylab_experiments_runs_started_total} counts both
 * paths. A cancel request, which reaches the worker at its next lease heartbeat, stops the run's
 * upstream work and ends it as cancelled.
 */
@ApplicationScoped
@Startup // serves experiment.events from the start: the reaper leaves its queued operations waiting
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

    @Inject
    ObjectMapper mapper;

    @Inject
    OnBehalfOf onBehalfOf;

    /** A run acts for its user toward upstream-gateway only. */
    private static final List<String> ASSERTION_AUDIENCE = List.of("upstream-gateway");
    private static final java.time.Duration ASSERTION_MARGIN = java.time.Duration.ofMinutes(5);

    /** Where the commands come from, and where a run whose worker died is sent again. */
    static final String COMMANDS_TOPIC = org.strategylab.experiment.messaging.CommandPublisher.TOPIC;

    /** Where the operations of this service log their events. */
    public static final String EVENTS_TOPIC = "experiment.events";

    private CommandWorkers<ExperimentCommand> workers;
    private Counter startedHere;
    private Counter startedFromCommands;

    @PostConstruct
    void sizeSlots() {
        startedHere = Counter.builder("strategylab.experiments.runs.started").tag("path", "accepted")
                .description("Runs started by the instance that accepted them (a free slot there)").register(meters);
        startedFromCommands = Counter.builder("strategylab.experiments.runs.started").tag("path", "command")
                .description("Runs started by a worker that took them from experiment.commands").register(meters);
        workers = operations.commandWorkers(EVENTS_TOPIC, COMMANDS_TOPIC, config.runs().maxConcurrent(),
                this::read, new CommandWorkers.Identity<>(command -> UUID.fromString(command.operationId()),
                        ExperimentCommand::ownerId), (handle, command, slot) -> {
                    startedFromCommands.increment();
                    start(runOf(command).orElseThrow(), handle, command, slot);
                });
    }

    private ExperimentCommand read(String payload) throws java.io.IOException {
        ExperimentCommand command;
        try {
            command = mapper.readValue(payload, ExperimentCommand.class);
        } catch (com.fasterxml.jackson.databind.exc.InvalidTypeIdException e) {
            LOG.warnf("ignored a command of unknown type %s", e.getTypeId());
            return null;
        }
        if (runOf(command).isEmpty()) {
            LOG.warnf("ignored a command of unknown type %s", command.type());
            return null;
        }
        return command;
    }

    private Optional<OperationRun> runOf(ExperimentCommand command) {
        return runs.stream().filter(r -> r.type().equals(command.type())).findFirst();
    }

    /**
     * Takes a run slot if one is free at once, for a run this instance accepted and starts itself
     * ({@link #runHere}); false when every slot is taken (the run then waits in Kafka). Its command
     * is skipped here until it ends ({@link CommandWorkers}).
     */
    public boolean reserveSlot(UUID operationId, String ownerId) {
        return workers.reserveHere(operationId, ownerId);
    }

    /** Gives back a slot {@link #reserveSlot} took for a run that then could not start. */
    public void releaseSlot(UUID operationId, String ownerId) {
        workers.releaseHere(operationId, ownerId);
    }

    /** Starts a run this instance accepted and holds the operation of, in the slot it reserved. */
    public void runHere(OperationHandle handle, ExperimentCommand command) {
        OperationRun run = runOf(command).orElseThrow(() -> new IllegalArgumentException(
                "no run of type " + command.type()));
        // kept as it is on the topic (it holds no credential), so that the run can start again elsewhere
        try {
            operations.rememberCommand(handle, COMMANDS_TOPIC, mapper.writeValueAsString(command));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            LOG.warnf("run %s: its command was not kept, so it cannot be run again: %s", handle.id(), e.getMessage());
        }
        workers.runHere(handle.id(), command.ownerId(), slot -> {
            startedHere.increment();
            start(run, handle, command, slot);
        });
    }

    /**
     * How long the run's assertion is valid: the run's own limit for each experiment it runs (a batch
     * runs them one after another), and a margin for its clean-up calls.
     */
    private java.time.Duration assertionLifetime(ExperimentCommand command) {
        return config.runs().timeout().multipliedBy(Math.max(1, command.experimentIds().size())).plus(ASSERTION_MARGIN);
    }

    /**
     * One command off {@code experiment.commands}: completes once it waits for a slot (in its user's
     * turn), or at once when there is nothing to do; {@code ack} is called once its run has started
     * or was skipped.
     */
    public Uni<Void> consume(String payload, java.util.function.Supplier<java.util.concurrent.CompletionStage<Void>> ack) {
        return workers.consume(payload, ack);
    }

    private void start(OperationRun run, OperationHandle handle, ExperimentCommand received,
                       CommandWorkers.Slot slot) {
        ExperimentCommand command = received.actingWith(onBehalfOf.mint(received.ownerId(), received.operationId(),
                ASSERTION_AUDIENCE, assertionLifetime(received)));
        long started = System.nanoTime();
        AtomicBoolean over = new AtomicBoolean();
        AtomicReference<Cancellable> running = new AtomicReference<>();
        running.set(run.run(handle, command)
                // the run has ended (its row too): the slot goes back, unless a cancel gave it already
                .eventually(() -> {
                    over.set(true);
                    slot.close();
                })
                .subscribe().with(done -> { }, failure ->
                        LOG.errorf(failure, "operation %s: its end could not be written", command.operationId())));
        handle.onCancel(() -> {
            if (over.compareAndSet(false, true)) {
                slot.release();
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
