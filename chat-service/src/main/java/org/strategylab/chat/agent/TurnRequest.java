package org.strategylab.chat.agent;

import dev.langchain4j.data.message.ChatMessage;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.provider.ModelChoice;

/**
 * Everything one turn runs with, loaded by the worker before the loop starts.
 *
 * @param strategyId     the conversation
 * @param strategyName   its name
 * @param ownerId        the caller
 * @param token          the caller's token (upstream calls are theirs)
 * @param siteId         the conversation's site
 * @param messageId      the assistant message this turn writes
 * @param userMessage    what the user said
 * @param model          the model and the request's settings
 * @param disabledTools  tools the request turned off
 * @param contextBlocks  what the user mentioned, as text for the model
 * @param history        the conversation's earlier messages
 * @param graph          the graph as the turn starts
 * @param task           for a sub-agent, the one task it carries out (its instructions differ); null for the agent
 * @param experimentId   for a workbench turn, the experiment it is about; null otherwise
 * @param disableRag     catalogue look-ups rank by words only (the chat request's {@code disableRag})
 */
public record TurnRequest(UUID strategyId, String strategyName, String ownerId, String token, String siteId,
                          String messageId, String userMessage, ModelChoice model, Set<String> disabledTools,
                          List<String> contextBlocks, List<ChatMessage> history, StrategyGraph graph, String task,
                          String experimentId, boolean disableRag) {

    /** A turn whose catalogue look-ups rank by meaning and words (the default). */
    public TurnRequest(UUID strategyId, String strategyName, String ownerId, String token, String siteId,
                       String messageId, String userMessage, ModelChoice model, Set<String> disabledTools,
                       List<String> contextBlocks, List<ChatMessage> history, StrategyGraph graph, String task,
                       String experimentId) {
        this(strategyId, strategyName, ownerId, token, siteId, messageId, userMessage, model, disabledTools,
                contextBlocks, history, graph, task, experimentId, false);
    }

    /** The main agent's turn. */
    public TurnRequest(UUID strategyId, String strategyName, String ownerId, String token, String siteId,
                       String messageId, String userMessage, ModelChoice model, Set<String> disabledTools,
                       List<String> contextBlocks, List<ChatMessage> history, StrategyGraph graph) {
        this(strategyId, strategyName, ownerId, token, siteId, messageId, userMessage, model, disabledTools,
                contextBlocks, history, graph, null, null);
    }
}
