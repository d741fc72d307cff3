package org.strategylab.chat.service;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.Cancellable;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.jboss.logging.Logger;
import org.strategylab.chat.config.ChatConfig;
import org.strategylab.chat.persistence.StrategyRepository;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.eventlog.index.OperationRecord;
import org.strategylab.eventlog.index.OperationsIndex;

/**
 * One turn per conversation: holds a conversation for a starting turn, or refuses with a 409 while
 * another turn runs or starts.
 *
 * <p>An operation's end is written to the log before its index row is marked ended, so a client that
 * sends its next message the moment it reads {@code message_end} can find the previous turn still
 * active for a few milliseconds (and the previous start's hold may not be cleared yet either). Such a
 * start waits up to {@code turns.end-grace} for the conversation to come free before it is a
 * conflict; a turn that really is running is still refused.
 *
 * <p>A turn's hold lasts until its operation is in the index. A person's edit of the graph has no
 * operation: it holds the conversation for as long as it runs ({@link #holdWhile}), renewing the mark
 * every half start window, because an edit checked and counted by a slow site can outlast the window
 * and a turn started beside it would change the same graph.
 */
@ApplicationScoped
public class ConversationHold {

    private static final Duration FIRST_RETRY = Duration.ofMillis(10);
    private static final Duration LONGEST_RETRY = Duration.ofMillis(200);
    private static final Logger LOG = Logger.getLogger(ConversationHold.class);

    private final OperationsIndex index;
    private final StrategyRepository strategies;
    private final ChatConfig config;
    private final MeterRegistry meters;

    ConversationHold(OperationsIndex index, StrategyRepository strategies, ChatConfig config, MeterRegistry meters) {
        this.index = index;
        this.strategies = strategies;
        this.config = config;
        this.meters = meters;
    }

    /**
     * Holds the conversation for a turn of {@code kind} on {@code target}; blocking.
     *
     * @throws ProblemException a 409 {@code TURN_RUNNING} when the conversation stays busy past the grace
     */
    public void hold(UUID strategyId, String callerId, String kind, String target) {
        Duration grace = config.turns().endGrace();
        Uni<Void> attempt = Uni.createFrom().deferred(() -> tryHold(strategyId, callerId, kind, target));
        try {
            AtomicBoolean counted = new AtomicBoolean();
            attempt.onFailure(Busy.class).invoke(() -> {
                        if (counted.compareAndSet(false, true)) { // once per start, not per retry
                            Counter.builder("strategylab.chat.turns.start.waits").tag("kind", kind)
                                    .description("Turn starts that found their conversation busy and waited for it")
                                    .register(meters).increment();
                        }
                    })
                    .onFailure(Busy.class).retry().withBackOff(FIRST_RETRY, LONGEST_RETRY).expireIn(grace.toMillis())
                    .await().atMost(grace.plus(ChatService.WAIT));
        } catch (Busy busy) {
            throw turnRunning(busy.operationId);
        } catch (IllegalStateException expired) {
            // the retries' expiry carries the last attempt's failure as its cause
            if (expired.getCause() instanceof Busy busy) {
                throw turnRunning(busy.operationId);
            }
            throw expired;
        }
    }

    /**
     * Holds the conversation while {@code work} runs, however long it takes, and lets it go after;
     * blocking. The hold refuses a turn or another edit started meanwhile with a 409.
     *
     * @throws ProblemException a 409 {@code TURN_RUNNING} when the conversation stays busy past the grace
     */
    public <T> T holdWhile(UUID strategyId, String callerId, String kind, String target, Supplier<T> work) {
        hold(strategyId, callerId, kind, target);
        Duration every = config.turns().startWindow().dividedBy(2);
        Cancellable renewal = Multi.createFrom().ticks().every(every)
                .onItem().transformToUniAndConcatenate(tick -> strategies.renewTurnStarting(strategyId))
                .subscribe().with(renewed -> { },
                        failure -> LOG.warnf("the hold of conversation %s was not renewed: %s", strategyId,
                                failure.getMessage()));
        try {
            return work.get();
        } finally {
            renewal.cancel();
            strategies.clearTurnStarting(strategyId).subscribe().with(done -> { },
                    failure -> LOG.warnf("conversation %s stays held for its start window: %s", strategyId,
                            failure.getMessage()));
        }
    }

    private Uni<Void> tryHold(UUID strategyId, String callerId, String kind, String target) {
        return running(callerId, kind, target)
                .chain(() -> strategies.markTurnStarting(strategyId, callerId, config.turns().startWindow()))
                .chain(marked -> marked ? Uni.createFrom().voidItem() : Uni.createFrom().failure(new Busy(null)))
                // the other start may have registered between the read and the mark
                .chain(() -> running(callerId, kind, target).onFailure(Busy.class)
                        .call(() -> strategies.clearTurnStarting(strategyId)));
    }

    private Uni<Void> running(String callerId, String kind, String target) {
        return index.listActive(callerId, kind, target, 1, 0).chain((List<OperationRecord> active) -> active.isEmpty()
                ? Uni.createFrom().voidItem()
                : Uni.createFrom().failure(new Busy(active.get(0).id().toString())));
    }

    private static ProblemException turnRunning(String operationId) {
        String detail = operationId == null ? "a turn of this conversation is starting; wait for it to end"
                : "turn " + operationId + " of this conversation is still running; wait for it to end or cancel it";
        return new ProblemException(409, "TURN_RUNNING", "Conflict", detail, List.of());
    }

    /** The conversation is busy: with the running turn's operation, or null while another start holds it. */
    private static final class Busy extends RuntimeException {
        private final String operationId;

        Busy(String operationId) {
            super(null, null, false, false);
            this.operationId = operationId;
        }
    }
}
