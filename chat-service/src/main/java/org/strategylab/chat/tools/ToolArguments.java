package org.strategylab.chat.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads a tool call's arguments, refusing missing or mistyped ones with a message the model can act on. */
public final class ToolArguments {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ToolArguments() {
    }

    public static String text(JsonNode arguments, String name) {
        JsonNode value = arguments.path(name);
        if (!value.isTextual() || value.asText().isBlank()) {
            throw new ToolRefusal("argument '" + name + "' is required (a non-empty string)");
        }
        return value.asText().trim();
    }

    public static String optionalText(JsonNode arguments, String name) {
        JsonNode value = arguments.path(name);
        return value.isTextual() && !value.asText().isBlank() ? value.asText().trim() : null;
    }

    public static int integer(JsonNode arguments, String name, int fallback, int min, int max) {
        JsonNode value = arguments.path(name);
        if (value.isMissingNode() || value.isNull()) {
            return fallback;
        }
        if (!value.canConvertToInt()) {
            throw new ToolRefusal("argument '" + name + "' must be an integer");
        }
        return Math.max(min, Math.min(max, value.asInt()));
    }

    /** An object argument as a map of JSON values; empty when absent. */
    public static Map<String, Object> object(JsonNode arguments, String name) {
        JsonNode value = arguments.path(name);
        if (value.isMissingNode() || value.isNull()) {
            return Map.of();
        }
        if (value.isTextual()) {
            // some models send a nested object as a JSON string
            try {
                value = MAPPER.readTree(value.asText());
            } catch (java.io.IOException e) {
                throw new ToolRefusal("argument '" + name + "' must be an object of parameter names to values");
            }
        }
        if (!value.isObject()) {
            throw new ToolRefusal("argument '" + name + "' must be an object of parameter names to values");
        }
        Map<String, Object> values = new LinkedHashMap<>();
        ((ObjectNode) value).fields().forEachRemaining(e -> values.put(e.getKey(), MAPPER.convertValue(e.getValue(), Object.class)));
        return values;
    }

    /**
     * A list-of-strings argument, blank entries dropped; empty when absent. A single string is split
     * on commas, whitespace and newlines (models paste gene lists that way).
     */
    public static java.util.List<String> strings(JsonNode arguments, String name) {
        JsonNode value = arguments.path(name);
        java.util.List<String> out = new java.util.ArrayList<>();
        if (value.isTextual()) {
            for (String part : value.asText().split("[,\\s]+")) {
                if (!part.isBlank()) {
                    out.add(part.trim());
                }
            }
        } else if (value.isArray()) {
            value.forEach(item -> {
                if (!item.isTextual() && !item.isNumber()) {
                    throw new ToolRefusal("argument '" + name + "' must be a list of strings");
                }
                if (!item.asText().isBlank()) {
                    out.add(item.asText().trim());
                }
            });
        } else if (!value.isMissingNode() && !value.isNull()) {
            throw new ToolRefusal("argument '" + name + "' must be a list of strings");
        }
        return out;
    }

    /** The record type a call names, else the graph's. */
    public static String recordType(JsonNode arguments, ToolContext context) {
        String given = optionalText(arguments, "recordType");
        return given != null ? given : context.graph().current().recordType();
    }
}
