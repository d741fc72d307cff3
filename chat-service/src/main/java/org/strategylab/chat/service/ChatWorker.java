package org.strategylab.chat.service;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.logging.Logger;
import org.strategylab.chat.config.ChatConfig;
import org.strategylab.chat.messaging.ChatCommand;
import org.strategylab.eventlog.operation.Operations;

/**
 * Takes turns off the consumer: waits for a free turn slot ({@code turns.max-concurrent}, so a
 * burst queues in Kafka, not in memory), claims the turn's operation (a command delivered twice, or
 * whose operation already ended, is skipped) and runs it on a turn thread of its own.
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

    private Semaphore slots;
    private ExecutorService turns;

    @PostConstruct
    void start() {
        slots = new Semaphore(config.turns().maxConcurrent());
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

    /** Completes once the command's turn has started (or was found already taken). */
    public Uni<Void> accept(ChatCommand command) {
        UUID operationId = UUID.fromString(command.operationId());
        return Uni.createFrom().item(() -> {
                    slots.acquireUninterruptibly();
                    return operationId;
                }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .chain(operations::claim)
                .map(claimed -> {
                    if (claimed.isEmpty()) {
                        slots.release();
                        LOG.debugf("turn %s is already taken or ended", operationId);
                    } else {
                        turns.execute(() -> {
                            try {
                                runner.run(claimed.get(), command);
                            } finally {
                                slots.release();
                            }
                        });
                    }
                    return null;
                })
                .onFailure().invoke(failure -> slots.release())
                .replaceWithVoid();
    }
}
