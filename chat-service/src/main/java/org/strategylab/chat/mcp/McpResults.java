package org.strategylab.chat.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;

/**
 * A tool's result as MCP structured content (its tool declares the record's output schema) with the
 * same JSON as a text block for clients that read only text. Absent values are left out rather than
 * sent as null: the generated schemas type each field without null, and a client that validates
 * structured content against them (the official SDK does) would refuse a null.
 */
@ApplicationScoped
public class McpResults {

    @Inject
    ObjectMapper mapper;

    /** The record as a successful result. */
    public ToolResponse structured(Object result) {
        JsonNode tree = withoutNulls(mapper.valueToTree(result));
        try {
            return new ToolResponse(false, List.of(new TextContent(mapper.writeValueAsString(tree))),
                    mapper.convertValue(tree, java.util.Map.class), null);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tool result could not be written as JSON", e);
        }
    }

    static JsonNode withoutNulls(JsonNode node) {
        if (node instanceof ObjectNode object) {
            List<String> empty = new java.util.ArrayList<>();
            object.fields().forEachRemaining(field -> {
                if (field.getValue().isNull()) {
                    empty.add(field.getKey());
                } else {
                    withoutNulls(field.getValue());
                }
            });
            object.remove(empty);
        } else if (node instanceof ArrayNode array) {
            array.forEach(McpResults::withoutNulls);
        }
        return node;
    }
}
