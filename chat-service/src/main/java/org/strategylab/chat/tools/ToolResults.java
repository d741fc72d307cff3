package org.strategylab.chat.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Small shapes tools answer with, kept compact: every character of a result is a token the model reads. */
public final class ToolResults {

    public static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private ToolResults() {
    }

    public static ObjectNode object() {
        return JSON.objectNode();
    }

    public static ArrayNode array() {
        return JSON.arrayNode();
    }

    /** A refusal the model can act on. */
    public static ObjectNode refusal(String message) {
        return JSON.objectNode().put("error", message);
    }

    /** Text cut to {@code max} characters, saying so. */
    public static String shorten(String text, int max) {
        if (text == null) {
            return null;
        }
        String plain = text.replaceAll("<[^>]+>", " ").replaceAll("\\s+", " ").trim();
        return plain.length() <= max ? plain : plain.substring(0, max) + "…";
    }

    /** Copies a text field when present. */
    public static void copyText(JsonNode from, ObjectNode to, String field, int max) {
        JsonNode value = from.get(field);
        if (value != null && value.isTextual() && !value.asText().isBlank()) {
            to.put(field, shorten(value.asText(), max));
        }
    }
}
