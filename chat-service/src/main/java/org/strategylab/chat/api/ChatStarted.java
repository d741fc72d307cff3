package org.strategylab.chat.api;

/**
 * A turn has started: follow it at {@code /api/v1/operations/{operationId}/subscribe}.
 *
 * @param operationId the turn's operation
 * @param strategyId  the conversation (new or continued)
 * @param messageId   the assistant message the turn writes
 */
public record ChatStarted(String operationId, String strategyId, String messageId) {
}
