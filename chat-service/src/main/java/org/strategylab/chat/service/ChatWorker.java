package org.strategylab.chat.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.strategylab.chat.config.ChatConfig;
import org.strategylab.chat.messaging.ChatCommand;
import org.strategylab.chat.messaging.ChatCommandHandler;
import org.strategylab.chat.persistence.StrategyEntity;
import org.strategylab.edge.auth.OnBehalfOf;
import org.strategylab.eventlog.operation.CommandWorkers;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.eventlog.operation.Operations;

/**
 * Runs chat turns with the event log's shared worker plumbing ({@link CommandWorkers}): a command
 * waits for a free turn slot ({@code turns.max-concurrent}) before its operation is claimed, so a
 * burst queues in Kafka and its operations stay {@code queued} for as long as a worker lives; a
 * command delivered twice, or whose operation already ended or that the accepting instance runs
 * itself, is skipped. Each turn runs on a turn thread of its own. A turn the instance accepted
 * starts here at once when a slot is free ({@code turns.run-where-accepted});
 * {@code strategylab_chat_turns_started_total} counts both paths.
 */
@ApplicationScoped
@Startup // serves chat.events from the start: the reaper leaves its queued operations waiting
public class ChatWorker implements ChatCommandHandler {

    @Inject
    Operations operations;

    @Inject
    TurnRunner runner;

    @Inject
    ChatConfig config;

    @Inject
    MeterRegistry meters;

    @Inject
    ObjectMapper mapper;

    @Inject
    OnBehalfOf onBehalfOf;

    /** A turn acts for its user toward upstream-gateway and experiment-service (its workbench tools). */
    private static final java.util.List<String> ASSERTION_AUDIENCE = java.util.List.of("upstream-gateway", "experiment-service");

    private CommandWorkers<ChatCommand> workers;
    private ExecutorService turns;
    private Counter startedHere;
    private Counter startedFromCommands;

    @PostConstruct
    void start() {
        startedHere = Counter.builder("strategylab.chat.turns.started").tag("path", "accepted")
                .description("Turns started by the instance that accepted them (a free slot there)").register(meters);
        startedFromCommands = Counter.builder("strategylab.chat.turns.started").tag("path", "command")
                .description("Turns started by a worker that took them from chat.commands").register(meters);
        AtomicInteger count = new AtomicInteger();
        turns = Executors.newFixedThreadPool(config.turns().maxConcurrent(), runnable -> {
            Thread thread = new Thread(runnable, "chat-turn-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        workers = operations.commandWorkers(ChatService.EVENTS_TOPIC, "chat.commands", config.turns().maxConcurrent(),
                payload -> mapper.readValue(payload, ChatCommand.class),
                new CommandWorkers.Identity<>(command -> UUID.fromString(command.operationId()), ChatCommand::ownerId),
                (handle, command, slot) -> {
                    turns.execute(() -> run(handle, command, null, slot));
                    startedFromCommands.increment();
                });
    }

    @PreDestroy
    void stop() {
        turns.shutdownNow();
    }

    /**
     * Takes a turn slot if one is free at once, for a turn this instance accepted and starts itself
     * ({@link #runHere}); false when every slot is taken (the turn then waits in Kafka). Its command
     * is skipped here until it ends ({@link CommandWorkers}).
     */
    public boolean reserveSlot(UUID operationId, String ownerId) {
        return workers.reserveHere(operationId, ownerId);
    }

    /** Gives back a slot {@link #reserveSlot} took for a turn that then could not start. */
    public void releaseSlot(UUID operationId, String ownerId) {
        workers.releaseHere(operationId, ownerId);
    }

    /**
     * Runs a turn this instance accepted and holds the operation of, in the slot it reserved.
     *
     * @param newConversation the conversation the turn's request created, as stored; null for one that existed
     */
    public void runHere(OperationHandle handle, ChatCommand command, StrategyEntity newConversation) {
        try {
            workers.runHere(handle.id(), command.ownerId(), slot -> turns.execute(() -> run(handle, command, newConversation, slot)));
            startedHere.increment();
        } catch (RuntimeException rejected) {
            // only while the service stops (the slot is back already): the turn ends now rather than when its lease would
            handle.fail("the service is stopping").subscribe().with(done -> { }, failure -> { });
            throw rejected;
        }
    }

    /**
     * The longest a turn can act for its user by its settings: every model round streaming and calling
     * a tool to its limit, a delegation's sub-agents, and an optimisation it follows afterwards.
     */
    private java.time.Duration assertionLifetime() {
        var agent = config.agent();
        return agent.modelTimeout().plus(agent.toolTimeout()).multipliedBy(agent.maxRounds())
                .plus(config.delegation().taskTimeout()).plus(agent.optimizationTimeout()).plus(java.time.Duration.ofMinutes(5));
    }

    private void run(OperationHandle handle, ChatCommand received, StrategyEntity newConversation,
                     CommandWorkers.Slot slot) {
        try {
            ChatCommand command = received.actingWith(onBehalfOf.mint(received.ownerId(), received.operationId(),
                    ASSERTION_AUDIENCE, assertionLifetime()));
            runner.run(handle, command, newConversation);
        } finally {
            // the turn has ended (its row too): a late command finds nothing to take
            slot.close();
        }
    }

    @Override
    public Uni<Void> consume(String payload, java.util.function.Supplier<java.util.concurrent.CompletionStage<Void>> ack) {
        return workers.consume(payload, ack);
    }
}
