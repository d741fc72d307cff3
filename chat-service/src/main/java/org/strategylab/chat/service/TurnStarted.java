package org.strategylab.chat.service;

import org.strategylab.chat.api.ChatStarted;
import org.strategylab.eventlog.index.OperationRecord;

/**
 * A turn that has started: the answer for the client, and its operation as registered, whose place
 * in the log the resource hands to the gateway ({@link org.strategylab.eventlog.index.OperationLogHeader}).
 */
public record TurnStarted(ChatStarted answer, OperationRecord operation) {
}
