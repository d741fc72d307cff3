package org.strategylab.evaluation.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import org.strategylab.evaluation.InputLimits;
import org.strategylab.evaluation.ValidationException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Typed, field-naming access to a command's JSON input; every failure names the field. */
final class InputDocument {
    private final JsonNode root;
    private final String prefix;
    /**
     * Top-level arrays of strings read straight into lists ({@link StreamedInput}), keyed by field;
     * the tree holds an empty array in their place until something other than {@link #optionalStrings}
     * asks for the node, which then gets its elements ({@link #node}). Empty for a plain tree.
     */
    private final Map<String, List<String>> streamedStrings;

    InputDocument(JsonNode root, String prefix) {
        this(root, prefix, Map.of());
    }

    InputDocument(JsonNode root, String prefix, Map<String, List<String>> streamedStrings) {
        if (root == null || !root.isObject()) {
            throw new ValidationException(prefix.isEmpty() ? "input" : prefix.substring(0, prefix.length() - 1),
                    "must be a JSON object");
        }
        this.root = root;
        this.prefix = prefix;
        this.streamedStrings = streamedStrings;
    }

    JsonNode root() {
        for (String field : List.copyOf(streamedStrings.keySet())) {
            node(field);
        }
        return root;
    }

    /** The field's node, with the elements of a streamed string array put in place first. */
    private JsonNode node(String field) {
        List<String> streamed = streamedStrings.isEmpty() ? null : streamedStrings.remove(field);
        JsonNode n = root.get(field);
        if (streamed != null) {
            ArrayNode placeholder = (ArrayNode) n;
            for (String s : streamed) {
                placeholder.add(s);
            }
        }
        return n;
    }

    boolean has(String field) {
        return root.hasNonNull(field);
    }

    int requireInt(String field) {
        JsonNode n = node(field);
        if (n == null || n.isNull()) {
            throw new ValidationException(prefix + field, "is required");
        }
        if (!n.canConvertToInt() || !n.isIntegralNumber()) {
            throw new ValidationException(prefix + field, "must be an integer");
        }
        return n.intValue();
    }

    Integer optionalInt(String field) {
        return has(field) ? requireInt(field) : null;
    }

    Long optionalLong(String field) {
        if (!has(field)) {
            return null;
        }
        JsonNode n = node(field);
        if (!n.isIntegralNumber() || !n.canConvertToLong()) {
            throw new ValidationException(prefix + field, "must be an integer");
        }
        return n.longValue();
    }

    String optionalString(String field) {
        if (!has(field)) {
            return null;
        }
        JsonNode n = node(field);
        if (!n.isTextual()) {
            throw new ValidationException(prefix + field, "must be a string");
        }
        return n.textValue();
    }

    String requireString(String field) {
        String s = optionalString(field);
        if (s == null) {
            throw new ValidationException(prefix + field, "is required");
        }
        return s;
    }

    List<String> requireStrings(String field) {
        List<String> list = optionalStrings(field);
        if (list == null) {
            throw new ValidationException(prefix + field, "is required");
        }
        return list;
    }

    List<String> optionalStrings(String field) {
        if (!has(field)) {
            return null;
        }
        List<String> streamed = streamedStrings.get(field);
        if (streamed != null) { // already a list of strings: only the limit to check
            if (streamed.size() > InputLimits.MAX_IDS) {
                throw new ValidationException(prefix + field, "at most " + InputLimits.MAX_IDS
                        + " values are allowed, got " + streamed.size());
            }
            return new ArrayList<>(streamed);
        }
        return strings(root.get(field), prefix + field);
    }

    List<Integer> optionalInts(String field) {
        if (!has(field)) {
            return null;
        }
        JsonNode n = node(field);
        if (!n.isArray()) {
            throw new ValidationException(prefix + field, "must be an array of integers");
        }
        // the only integer list is kValues; its limit applies before the values are read
        if (n.size() > InputLimits.MAX_K_VALUES) {
            throw new ValidationException(prefix + field, "at most " + InputLimits.MAX_K_VALUES
                    + " values are allowed, got " + n.size());
        }
        List<Integer> out = new ArrayList<>();
        for (JsonNode v : n) {
            if (!v.isIntegralNumber() || !v.canConvertToInt()) {
                throw new ValidationException(prefix + field, "must be an array of integers");
            }
            out.add(v.intValue());
        }
        return out;
    }

    Map<String, List<String>> optionalStringListMap(String field) {
        if (!has(field)) {
            return null;
        }
        JsonNode n = node(field);
        if (!n.isObject()) {
            throw new ValidationException(prefix + field, "must be an object of label → ID list");
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        n.fields().forEachRemaining(e -> out.put(e.getKey(), strings(e.getValue(), prefix + field + "." + e.getKey())));
        return out;
    }

    List<InputDocument> requireObjects(String field) {
        JsonNode n = node(field);
        if (n == null || n.isNull()) {
            throw new ValidationException(prefix + field, "is required");
        }
        if (!n.isArray()) {
            throw new ValidationException(prefix + field, "must be an array");
        }
        List<InputDocument> out = new ArrayList<>();
        for (int i = 0; i < n.size(); i++) {
            out.add(new InputDocument(n.get(i), prefix + field + "[" + i + "]."));
        }
        return out;
    }

    private static List<String> strings(JsonNode n, String name) {
        if (!n.isArray()) {
            throw new ValidationException(name, "must be an array of strings");
        }
        // before copying: a document may hold more IDs than any evaluation accepts
        if (n.size() > InputLimits.MAX_IDS) {
            throw new ValidationException(name, "at most " + InputLimits.MAX_IDS + " values are allowed, got " + n.size());
        }
        List<String> out = new ArrayList<>(n.size());
        for (JsonNode v : n) {
            if (!v.isTextual()) {
                throw new ValidationException(name, "must be an array of strings");
            }
            out.add(v.textValue());
        }
        return out;
    }
}
