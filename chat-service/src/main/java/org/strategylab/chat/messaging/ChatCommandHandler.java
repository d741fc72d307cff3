package org.strategylab.chat.messaging;

import io.smallrye.mutiny.Uni;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * What runs the commands {@link CommandConsumer} reads off {@code chat.commands} (the service's
 * worker): an interface here so that messaging needs nothing of the service layer that uses it.
 */
public interface ChatCommandHandler {

    /**
     * One command off {@code chat.commands}: completes once it waits for a slot (in its user's turn),
     * or at once when there is nothing to do; {@code ack} is called once its turn has started or was skipped.
     */
    Uni<Void> consume(String payload, Supplier<CompletionStage<Void>> ack);
}
