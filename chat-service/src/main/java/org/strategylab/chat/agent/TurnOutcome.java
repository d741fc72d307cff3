package org.strategylab.chat.agent;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.strategylab.eventlog.index.OperationStatus;

/**
 * How a turn ended: the assistant's text, its tool calls (with results), its reasoning, the token
 * usage, and whether it completed, failed or was cancelled — what the conversation keeps.
 */
public record TurnOutcome(String content, ArrayNode toolCalls, String reasoning, ObjectNode usage,
                          OperationStatus status, String error) {
}
