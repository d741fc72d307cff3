package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Checks request bodies the way WDK's JSON schemas do ({@code additionalProperties:false}, required
 * keys, types), answering with 400 and messages in the form of the schema validator WDK uses
 * ({@code #: extraneous key [x] is not permitted}).
 */
final class JsonShape {

    private JsonShape() {
    }

    /** The node must be an object with only the allowed keys and all the required ones. */
    static JsonNode object(JsonNode node, String path, Set<String> required, Set<String> optional) {
        if (node == null || !node.isObject()) {
            throw WdkException.badRequest(path + ": expected type: JSONObject, found: " + typeName(node));
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!required.contains(key) && !optional.contains(key)) {
                throw WdkException.badRequest(path + ": extraneous key [" + key + "] is not permitted");
            }
        }
        for (String key : required) {
            if (!node.has(key)) {
                throw WdkException.badRequest(path + ": required key [" + key + "] not found");
            }
        }
        return node;
    }

    /** A map of string values, as WDK's {@code string-string-map} schema requires for param values. */
    static Map<String, String> stringMap(JsonNode node, String path) {
        if (node == null || node.isNull()) {
            return new LinkedHashMap<>();
        }
        if (!node.isObject()) {
            throw WdkException.badRequest(path + ": expected type: JSONObject, found: " + typeName(node));
        }
        Map<String, String> values = new LinkedHashMap<>();
        node.fields().forEachRemaining(e -> {
            if (!e.getValue().isTextual()) {
                throw WdkException.badRequest(path + "/" + e.getKey() + ": expected type: String, found: " + typeName(e.getValue()));
            }
            values.put(e.getKey(), e.getValue().asText());
        });
        return values;
    }

    static String string(JsonNode node, String key, String path) {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw WdkException.badRequest(path + "/" + key + ": expected type: String, found: " + typeName(value));
        }
        return value.asText();
    }

    static Boolean bool(JsonNode node, String key, String path) {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isBoolean()) {
            throw WdkException.badRequest(path + "/" + key + ": expected type: Boolean, found: " + typeName(value));
        }
        return value.asBoolean();
    }

    static Long integer(JsonNode node, String key, String path) {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber()) {
            throw WdkException.badRequest(path + "/" + key + ": expected type: Integer, found: " + typeName(value));
        }
        return value.asLong();
    }

    static String typeName(JsonNode node) {
        if (node == null || node.getNodeType() == JsonNodeType.NULL || node.isMissingNode()) {
            return "null";
        }
        return switch (node.getNodeType()) {
            case ARRAY -> "JSONArray";
            case OBJECT -> "JSONObject";
            case STRING -> "String";
            case BOOLEAN -> "Boolean";
            case NUMBER -> node.isIntegralNumber() ? "Integer" : "BigDecimal";
            default -> node.getNodeType().name();
        };
    }
}
