package org.strategylab.eventlog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.UUID;

/**
 * One event of an operation, as it is stored in the log (ARCHITECTURE.md §3): the record key is
 * the operation id and the value is this envelope as JSON.
 *
 * @param operationId the operation the event belongs to
 * @param seq         1, 2, 3… per operation, in the order the worker emitted them; readers drop
 *                    an event whose seq they have already delivered
 * @param type        the SSE event name ({@code message_start}, {@code experiment_progress}, …)
 * @param ts          when the worker emitted it
 * @param data        the camelCase payload, sent to clients as the SSE {@code data:} line
 */
public record EventEnvelope(UUID operationId, long seq, String type, Instant ts, JsonNode data) {

    // one mapper for the envelope itself; payloads are already JSON trees
    private static final ObjectMapper JSON = new ObjectMapper();

    public EventEnvelope {
        Objects.requireNonNull(operationId, "operationId");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(ts, "ts");
        if (seq < 1) {
            throw new IllegalArgumentException("seq starts at 1, got " + seq);
        }
        data = data == null ? JsonNodeFactory.instance.objectNode() : data;
    }

    /** The envelope as the UTF-8 JSON bytes stored in the log. */
    public byte[] toBytes() {
        ObjectNode node = JSON.createObjectNode();
        node.put("operationId", operationId.toString());
        node.put("seq", seq);
        node.put("type", type);
        node.put("ts", ts.toString());
        node.set("data", data);
        try {
            return JSON.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an event payload cannot be written as JSON", e);
        }
    }

    /**
     * Reads an envelope from the log.
     *
     * @throws IllegalArgumentException when the bytes are not an envelope (a foreign producer wrote
     *                                  to the topic); readers skip such records
     */
    public static EventEnvelope fromBytes(byte[] bytes) {
        try {
            JsonNode node = JSON.readTree(bytes);
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException("not a JSON object");
            }
            return new EventEnvelope(
                    UUID.fromString(text(node, "operationId")),
                    node.path("seq").asLong(0),
                    text(node, "type"),
                    Instant.parse(text(node, "ts")),
                    node.get("data"));
        } catch (IOException | DateTimeParseException | NullPointerException e) {
            throw new IllegalArgumentException("not an event envelope: " + e.getMessage(), e);
        }
    }

    /** The payload as one line of JSON, as the SSE {@code data:} field carries it. */
    public String dataJson() {
        try {
            return JSON.writeValueAsString(data);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an event payload cannot be written as JSON", e);
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException("missing field " + field);
        }
        return value.asText();
    }
}
