package org.strategylab.chat.messaging;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import org.strategylab.chat.api.Mention;

/**
 * A turn to run, on {@code chat.commands} (key: the conversation, so one conversation's turns keep
 * their order). It names its user and holds no credential: {@code token} is never written to the
 * topic ({@link JsonIgnore}); the worker that takes the turn fills it with an on-behalf-of assertion
 * for the user and this operation ({@link #actingWith}), which the turn's calls to upstream-gateway
 * and experiment-service carry. So no secret stays on the topic, and a turn outlives the caller's token.
 *
 * @param operationId     the registered operation the worker claims
 * @param strategyId      the conversation
 * @param ownerId         the caller
 * @param token           the worker's on-behalf-of assertion, set by the worker, never serialised
 * @param userMessageId   the stored user message
 * @param messageId       the assistant message the turn writes
 * @param message         what the user said
 * @param modelId         the catalog model the turn runs on
 * @param reasoningEffort the request's reasoning effort, or null
 * @param temperature     the request's temperature, or null
 * @param seed            the request's seed, or null
 * @param responseTokens  the request's completion limit, or null
 * @param reasoningBudget the request's thinking budget, or null
 * @param mentions        what the message refers to (loaded again, as the caller, by the worker)
 * @param disabledTools   tools the turn must not offer
 * @param experimentId    for a workbench turn, the experiment it is about; null for the chat's
 * @param disableRag      the request's {@code disableRag}: catalogue look-ups rank by words only
 */
public record ChatCommand(String operationId, String strategyId, String ownerId, @JsonIgnore String token, String userMessageId,
                          String messageId, String message, String modelId, String reasoningEffort, Double temperature,
                          Integer seed, Integer responseTokens, Integer reasoningBudget, List<Mention> mentions,
                          List<String> disabledTools, String experimentId, boolean disableRag) {

    public ChatCommand {
        mentions = mentions == null ? List.of() : List.copyOf(mentions);
        disabledTools = disabledTools == null ? List.of() : List.copyOf(disabledTools);
    }

    /** This command acting with the given credential (the worker's on-behalf-of assertion); never serialised. */
    public ChatCommand actingWith(String credential) {
        return new ChatCommand(operationId, strategyId, ownerId, credential, userMessageId, messageId, message, modelId,
                reasoningEffort, temperature, seed, responseTokens, reasoningBudget, mentions, disabledTools, experimentId,
                disableRag);
    }
}
