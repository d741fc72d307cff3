package org.strategylab.chat.mcp;

import io.quarkiverse.mcp.server.Cancellation;
import io.quarkiverse.mcp.server.Progress;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import org.strategylab.chat.client.OperationFollower;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.index.OperationsIndex;

/**
 * Runs an operation for an MCP tool and waits for it: the events topic's end is marked before the
 * operation starts (so none of its events is missed), its events are followed on the durable log
 * (the same stream the gateway serves), each one a progress notification to the client when it asked
 * for them, and an MCP cancellation of the call cancels the operation itself, as the caller (the
 * operations index's cancel flag, which its worker reads at its next heartbeat).
 */
@ApplicationScoped
public class OperationProgress {

    @Inject
    OperationFollower follower;

    @Inject
    OperationsIndex index;

    /**
     * How an operation ended for the tool.
     *
     * @param operationId the operation
     * @param terminal    its terminal event, or null when the wait ran out first (it goes on)
     */
    public record Outcome(String operationId, EventEnvelope terminal) {
    }

    /**
     * Starts the operation with {@code start} (which answers its operation id) and follows it to its end.
     *
     * @param message what a progress notification says about an event (null: the event is not reported)
     */
    public Outcome run(String topic, String ownerId, Supplier<String> start, Function<EventEnvelope, String> message,
                       Progress progress, Cancellation cancellation, Duration wait) {
        try (OperationFollower.Mark mark = follower.mark(topic)) {
            String operationId = start.get();
            AtomicLong reported = new AtomicLong();
            AtomicBoolean cancelled = new AtomicBoolean();
            EventEnvelope terminal = mark.follow(operationId, event -> {
                String text = message.apply(event);
                // nothing more for a call the client cancelled (its events may still come before the next check)
                if (text != null && progress != null && progress.token().isPresent()
                        && (cancellation == null || !cancellation.check().isRequested())) {
                    progress.notificationBuilder().setProgress(reported.incrementAndGet()).setMessage(text)
                            .build().sendAndForget();
                }
            }, wait, () -> cancelled.get() || cancelledNow(cancellation, operationId, ownerId, cancelled));
            if (cancelled.get()) {
                // the client gave up on this call: it expects no answer (MCP cancellation)
                throw new Cancellation.OperationCancellationException();
            }
            return new Outcome(operationId, terminal);
        }
    }

    private boolean cancelledNow(Cancellation cancellation, String operationId, String ownerId, AtomicBoolean cancelled) {
        if (cancellation == null || !cancellation.check().isRequested()) {
            return false;
        }
        index.requestCancel(UUID.fromString(operationId), ownerId).await().atMost(Duration.ofSeconds(10));
        cancelled.set(true);
        return true;
    }
}
