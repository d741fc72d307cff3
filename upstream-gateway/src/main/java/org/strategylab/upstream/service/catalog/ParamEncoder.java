package org.strategylab.upstream.service.catalog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.strategylab.edge.problem.FieldError;

/**
 * Encodes a caller's parameter values the way WDK wants them (upstream-wdk.md §4): every value a
 * JSON string; multi-pick values as a JSON-array string (a single term becomes a one-element array,
 * so names with commas survive); single-pick as the plain term; numbers as clean decimals
 * ({@code 0.3}, {@code 0.00001}, {@code 10}; DECISIONS.md item 17); booleans as
 * {@code "true"}/{@code "false"}; ranges as {@code {"min":…,"max":…}} strings; {@code null} left
 * out. In a tree vocabulary that counts only leaves, a selected parent stands for its leaves (WDK
 * would otherwise count it as nothing). Input-step parameters are never taken from callers: they
 * are wired through the step tree.
 */
public final class ParamEncoder {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The encoded values and the problems found.
     *
     * @param values the WDK values by parameter name
     * @param errors one per offending parameter, pointing at it
     */
    public record Encoded(Map<String, String> values, List<FieldError> errors) {
    }

    private ParamEncoder() {
    }

    /**
     * Encodes {@code values} for the search described by {@code searchData}.
     *
     * @param pointer the JSON pointer of the values in the caller's request ({@code /parameters})
     */
    public static Encoded encode(JsonNode searchData, Map<String, Object> values, String pointer) {
        Map<String, JsonNode> params = params(searchData);
        Map<String, String> encoded = new LinkedHashMap<>();
        List<FieldError> errors = new ArrayList<>();
        String searchName = searchData.path("urlSegment").asText();
        if (values != null) {
            values.forEach((name, value) -> {
                JsonNode param = params.get(name);
                String at = pointer + "/" + name;
                if (param == null) {
                    errors.add(new FieldError(at, "'" + name + "' is not a parameter of search " + searchName));
                } else if ("input-step".equals(param.path("type").asText())) {
                    if (value != null && !"".equals(value)) {
                        errors.add(new FieldError(at, "'" + name + "' is an input step; wire it through the step tree"));
                    }
                } else if (value != null) {
                    try {
                        encoded.put(name, encodeOne(param, value));
                    } catch (IllegalArgumentException e) {
                        errors.add(new FieldError(at, e.getMessage()));
                    }
                }
            });
        }
        return new Encoded(encoded, errors);
    }

    /** The parameters of a search (or analysis form) by name, in form order. */
    public static Map<String, JsonNode> params(JsonNode searchData) {
        Map<String, JsonNode> byName = new LinkedHashMap<>();
        searchData.path("parameters").forEach(p -> byName.put(p.path("name").asText(), p));
        return byName;
    }

    /** The names of the search's input-step parameters, in form order (primary first). */
    public static List<String> inputStepParams(JsonNode searchData) {
        List<String> names = new ArrayList<>();
        params(searchData).forEach((name, param) -> {
            if ("input-step".equals(param.path("type").asText())) {
                names.add(name);
            }
        });
        return names;
    }

    /** Encodes one value of one parameter. */
    public static String encodeOne(JsonNode param, Object value) {
        String type = param.path("type").asText();
        return switch (type) {
            case "multi-pick-vocabulary" -> jsonArray(expandTreeParents(param, terms(value, param)));
            case "single-pick-vocabulary" -> singleTerm(value, param);
            case "number" -> number(value, param);
            case "number-range", "date-range" -> range(value);
            default -> scalar(value, param);
        };
    }

    /** Whether a parameter holds vocabulary terms. */
    public static boolean isVocabulary(JsonNode param) {
        String type = param.path("type").asText();
        return type.equals("multi-pick-vocabulary") || type.equals("single-pick-vocabulary");
    }

    /** The value of a vocabulary parameter as a JSON-array string (spec rule 4.5.10, enrichment forms). */
    public static String asJsonArray(JsonNode param, Object value) {
        return jsonArray(expandTreeParents(param, terms(value, param)));
    }

    private static List<String> terms(Object value, JsonNode param) {
        List<String> terms = new ArrayList<>();
        if (value instanceof Collection<?> list) {
            for (Object item : list) {
                if (item == null || item instanceof Collection<?> || item instanceof Map<?, ?>) {
                    throw new IllegalArgumentException("'" + param.path("name").asText() + "' takes terms (strings)");
                }
                terms.add(String.valueOf(item));
            }
            return terms;
        }
        if (value instanceof String text) {
            String trimmed = text.trim();
            if (trimmed.startsWith("[")) {
                try {
                    JsonNode array = JSON.readTree(trimmed);
                    if (array.isArray()) {
                        array.forEach(item -> terms.add(item.asText()));
                        return terms;
                    }
                } catch (JsonProcessingException e) {
                    // not a JSON array: one term that happens to start with '['
                }
            }
            if (!trimmed.isEmpty()) {
                terms.add(text);
            }
            return terms;
        }
        if (value instanceof Map<?, ?>) {
            throw new IllegalArgumentException("'" + param.path("name").asText() + "' takes terms, not an object");
        }
        terms.add(String.valueOf(value));
        return terms;
    }

    private static String singleTerm(Object value, JsonNode param) {
        List<String> terms = terms(value, param);
        if (terms.size() > 1) {
            throw new IllegalArgumentException("'" + param.path("name").asText() + "' takes one value, not " + terms.size());
        }
        return terms.isEmpty() ? "" : terms.get(0);
    }

    private static String number(Object value, JsonNode param) {
        if (value instanceof Number n) {
            return decimal(n);
        }
        if (value instanceof String text) {
            return text.trim();
        }
        throw new IllegalArgumentException("'" + param.path("name").asText() + "' takes a number");
    }

    private static String range(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> clean = new LinkedHashMap<>();
            map.forEach((k, v) -> clean.put(String.valueOf(k), v instanceof Number n ? new BigDecimal(decimal(n)) : v));
            return json(clean);
        }
        return String.valueOf(value);
    }

    private static String scalar(Object value, JsonNode param) {
        if (value instanceof String text) {
            return text;
        }
        if (value instanceof Boolean flag) {
            return flag ? "true" : "false";
        }
        if (value instanceof Number n) {
            return decimal(n);
        }
        if (value instanceof Collection<?> || value instanceof Map<?, ?>) {
            return json(value);
        }
        throw new IllegalArgumentException("'" + param.path("name").asText() + "' has a value of an unsupported type");
    }

    /** A number as WDK reads it: no exponent, no trailing zeros ({@code 1e-5} → {@code 0.00001}). */
    static String decimal(Number n) {
        if (n instanceof Integer || n instanceof Long || n instanceof Short || n instanceof Byte || n instanceof BigInteger) {
            return n.toString();
        }
        if (n instanceof BigDecimal big) {
            return big.stripTrailingZeros().toPlainString();
        }
        double d = n.doubleValue();
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw new IllegalArgumentException("a number must be finite");
        }
        return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }

    /** Replaces each selected parent of a leaf-counting tree vocabulary by its leaves. */
    private static List<String> expandTreeParents(JsonNode param, List<String> terms) {
        JsonNode vocabulary = param.get("vocabulary");
        if (vocabulary == null || !vocabulary.isObject() || !param.path("countOnlyLeaves").asBoolean(false)) {
            return terms;
        }
        Set<String> expanded = new LinkedHashSet<>();
        for (String term : terms) {
            JsonNode node = findNode(vocabulary, term);
            if (node == null || !node.path("children").isArray() || node.path("children").isEmpty()) {
                expanded.add(term);
            } else {
                collectLeaves(node, expanded);
            }
        }
        return new ArrayList<>(expanded);
    }

    private static JsonNode findNode(JsonNode node, String term) {
        if (term.equals(node.path("data").path("term").asText(null))) {
            return node;
        }
        for (JsonNode child : node.path("children")) {
            JsonNode found = findNode(child, term);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static void collectLeaves(JsonNode node, Set<String> leaves) {
        JsonNode children = node.path("children");
        if (!children.isArray() || children.isEmpty()) {
            leaves.add(node.path("data").path("term").asText());
            return;
        }
        children.forEach(child -> collectLeaves(child, leaves));
    }

    private static String jsonArray(List<String> terms) {
        return json(terms);
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the value cannot be written as JSON");
        }
    }
}
