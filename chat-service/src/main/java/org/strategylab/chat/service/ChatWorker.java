package org.strategylab.chat.service;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.logging.Logger;
import org.strategylab.chat.config.ChatConfig;
import org.strategylab.chat.messaging.ChatCommand;
import org.strategylab.chat.persistence.StrategyEntity;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.eventlog.operation.Operations;
import org.strategylab.eventlog.operation.WorkSlots;

/**
 * Takes turns off the consumer: waits for a free turn slot ({@code turns.max-concurrent}, so a
 * burst queues in Kafka, not in memory), claims the turn's operation (a command delivered twice, or
 * whose operation already ended or that the accepting instance runs itself, is skipped) and runs it
 * on a turn thread of its own. A turn the instance accepted starts here at once when a slot is free
 * ({@code turns.run-where-accepted}); {@code strategylab_chat_turns_started_total} counts both paths.
 */
@ApplicationScoped
public class ChatWorker {

    private static final Logger LOG = Logger.getLogger(ChatWorker.class);

    @Inject
    Operations operations;

    @Inject
    TurnRunner runner;

    @Inject
    ChatConfig config;

    @Inject
    MeterRegistry meters;

    private WorkSlots slots;
    private ExecutorService turns;
    private Counter startedHere;
    private Counter startedFromCommands;

    @PostConstruct
    void start() {
        startedHere = Counter.builder("strategylab.chat.turns.started").tag("path", "accepted")
                .description("Turns started by the instance that accepted them (a free slot there)").register(meters);
        startedFromCommands = Counter.builder("strategylab.chat.turns.started").tag("path", "command")
                .description("Turns started by a worker that took them from chat.commands").register(meters);
        slots = new WorkSlots(config.turns().maxConcurrent());
        AtomicInteger count = new AtomicInteger();
        turns = Executors.newFixedThreadPool(config.turns().maxConcurrent(), runnable -> {
            Thread thread = new Thread(runnable, "chat-turn-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    @PreDestroy
    void stop() {
        turns.shutdownNow();
    }

    /**
     * Takes a turn slot if one is free at once, for a turn this instance accepted and starts itself
     * ({@link #runHere}); false when every slot is taken (the turn then waits in Kafka). Its command
     * is skipped here until it ends ({@link WorkSlots}).
     */
    public boolean reserveSlot(UUID operationId) {
        return slots.reserveHere(operationId);
    }

    /** Gives back a slot {@link #reserveSlot} took for a turn that then could not start. */
    public void releaseSlot(UUID operationId) {
        slots.releaseHere(operationId);
    }

    /**
     * Runs a turn this instance accepted and holds the operation of, in the slot it reserved.
     *
     * @param newConversation the conversation the turn's request created, as stored; null for one that existed
     */
    public void runHere(OperationHandle handle, ChatCommand command, StrategyEntity newConversation) {
        try {
            turns.execute(() -> {
                try {
                    run(handle, command, newConversation);
                } finally {
                    // the turn has ended (its row too): a late command finds nothing to take
                    slots.endedHere(handle.id());
                }
            });
            startedHere.increment();
        } catch (RuntimeException rejected) {
            // only while the service stops: the turn ends now rather than when its lease would
            releaseSlot(handle.id());
            handle.fail("the service is stopping").subscribe().with(done -> { }, failure -> { });
            throw rejected;
        }
    }

    private void run(OperationHandle handle, ChatCommand command, StrategyEntity newConversation) {
        try {
            runner.run(handle, command, newConversation);
        } finally {
            slots.release();
        }
    }

    /** Completes once the command's turn has started (or was found already taken). */
    public Uni<Void> accept(ChatCommand command) {
        UUID operationId = UUID.fromString(command.operationId());
        if (slots.startedHere(operationId)) {
            LOG.debugf("turn %s runs here, where it was accepted", operationId);
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
                        LOG.debugf("turn %s is already taken or ended", operationId);
                    } else {
                        turns.execute(() -> run(claimed.get(), command, null));
                        startedFromCommands.increment();
                    }
                    return null;
                })
                .onFailure().invoke(failure -> slots.release())
                .replaceWithVoid();
    }
}
