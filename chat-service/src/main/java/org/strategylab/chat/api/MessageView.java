package org.strategylab.chat.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;

/**
 * One message of a conversation.
 *
 * @param id          its id
 * @param seq         its place in the conversation (1, 2, …)
 * @param role        {@code user} or {@code assistant}
 * @param content     its text
 * @param toolCalls   the assistant's tool calls: id, name, arguments, result
 * @param reasoning   the model's reasoning, where the vendor returns it
 * @param tokenUsage  the turn's usage and cost ({@code message_end}'s payload)
 * @param modelId     the model that wrote it
 * @param operationId the turn that wrote it
 * @param status      how its turn ended: completed, failed or cancelled
 * @param createdAt   when it was written
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MessageView(String id, int seq, String role, String content, JsonNode toolCalls, String reasoning,
                          JsonNode tokenUsage, String modelId, String operationId, String status,
                          OffsetDateTime createdAt) {
}
