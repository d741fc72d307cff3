package org.strategylab.chat.provider;

import dev.langchain4j.model.chat.StreamingChatModel;

/**
 * One model vendor: builds the streaming chat model a turn talks to. The agent loop only sees
 * langchain4j's {@link StreamingChatModel}, so every vendor (and {@code mock}) streams text,
 * thinking and tool calls the same way.
 */
public interface ProviderAdapter {

    /** The provider name of the catalog entries this adapter serves. */
    String provider();

    /**
     * A model for one turn. Reasoning effort maps to the vendor's own setting; a vendor failure
     * (HTTP 429/5xx, a broken stream) reaches the handler's {@code onError} with a message that
     * names the provider.
     */
    StreamingChatModel open(ModelChoice choice);
}
