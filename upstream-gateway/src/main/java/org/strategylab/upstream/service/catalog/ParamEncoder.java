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
import java.util.regex.Pattern;
import org.strategylab.edge.problem.FieldError;

/**
 * Encodes a caller's parameter values the way WDK wants them (upstream-wdk.md §4): every value a
 * JSON string; multi-pick values as a JSON-array string (a single term becomes a one-element array,
 * so names with commas survive); single-pick as the plain term; numbers as clean decimals
 * ({@code 0.3}, {@code 0.00001}, {@code 10}; DECISIONS.md item 17); booleans as
 * {@code "true"}/{@code "false"}; ranges as {@code {"min":…,"max":…}} strings; {@code null} left
 * out. In a tree vocabulary that counts only leaves, a selected parent stands for its leaves (WDK
 * would otherwise count it as nothing). Input-step parameters are never taken from callers: they
 * are wired through the step tree. An {@code input-dataset} parameter's WDK value is the id of a
 * dataset the user owns (upstream-wdk.md §3.2, spec §4.6): a dataset id (a whole number) is sent as
 * it is, while IDs (a list, a JSON-array string, or a string of IDs separated by commas,
 * semicolons, spaces or new lines, as WDK's own form reads them) are left in
 * {@link Encoded#idLists()} for the caller to upload as a dataset first; where nothing can be
 * uploaded, {@link Encoded#refuseIdLists} turns them into errors naming the parameter.
 */
public final class ParamEncoder {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** WDK's parameter type whose value is a dataset id. */
    public static final String INPUT_DATASET = "input-dataset";

    /** What separates IDs in a text value of a dataset parameter (WDK's form: comma, semicolon, new line, space). */
    private static final Pattern ID_SEPARATORS = Pattern.compile("[\\s,;]+");

    /** A dataset id: a whole number. */
    private static final Pattern DATASET_ID = Pattern.compile("\\d{1,18}");

    /**
     * The encoded values and the problems found.
     *
     * @param values  the WDK values by parameter name (dataset parameters given as IDs are not among them)
     * @param errors  one per offending parameter, pointing at it
     * @param idLists the IDs of each {@code input-dataset} parameter given as IDs: each list must be
     *                uploaded as a dataset ({@code POST /users/{uid}/datasets}) and its id sent as the value
     */
    public record Encoded(Map<String, String> values, List<FieldError> errors, Map<String, List<String>> idLists) {

        /** No ID lists to upload. */
        public Encoded(Map<String, String> values, List<FieldError> errors) {
            this(values, errors, Map.of());
        }

        /**
         * Where no dataset can be uploaded (the public catalogue, whose reads have no user of their
         * own): every ID list is an error naming its parameter.
         *
         * @param pointer the JSON pointer of the values in the caller's request
         */
        public Encoded refuseIdLists(String pointer) {
            if (idLists.isEmpty()) {
                return this;
            }
            List<FieldError> all = new ArrayList<>(errors);
            idLists.keySet().forEach(name -> all.add(new FieldError(pointer + "/" + name, "'" + name
                    + "' takes the id of an uploaded dataset here, not a list of IDs")));
            return new Encoded(values, all, Map.of());
        }

        /** The values with each uploaded ID list's dataset id in its parameter (form order kept where given). */
        public Map<String, String> withDatasets(Map<String, Long> datasetIds) {
            Map<String, String> all = new LinkedHashMap<>(values);
            datasetIds.forEach((name, id) -> all.put(name, String.valueOf(id)));
            return all;
        }
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
        Map<String, List<String>> idLists = new LinkedHashMap<>();
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
                } else if (INPUT_DATASET.equals(param.path("type").asText()) && value != null) {
                    try {
                        DatasetValue dataset = datasetValue(param, value);
                        if (dataset.datasetId() != null) {
                            encoded.put(name, dataset.datasetId());
                        } else {
                            idLists.put(name, dataset.ids());
                        }
                    } catch (IllegalArgumentException e) {
                        errors.add(new FieldError(at, e.getMessage()));
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
        return new Encoded(encoded, errors, idLists);
    }

    /**
     * The value of an {@code input-dataset} parameter: a dataset id, or the IDs to upload as one.
     *
     * @param datasetId the dataset id to send as it is, or {@code null}
     * @param ids       the IDs to upload first (when {@code datasetId} is null)
     */
    public record DatasetValue(String datasetId, List<String> ids) {
    }

    /** Reads the value of an {@code input-dataset} parameter (see the class comment). */
    public static DatasetValue datasetValue(JsonNode param, Object value) {
        String name = param.path("name").asText();
        if (value instanceof Integer || value instanceof Long || value instanceof BigInteger) {
            return new DatasetValue(value.toString(), null);
        }
        if (value instanceof String text && DATASET_ID.matcher(text.trim()).matches()) {
            return new DatasetValue(text.trim(), null);
        }
        List<String> ids = new ArrayList<>();
        if (value instanceof String text && !text.trim().startsWith("[")) {
            for (String id : ID_SEPARATORS.split(text.trim())) {
                if (!id.isEmpty()) {
                    ids.add(id);
                }
            }
        } else if (value instanceof String || value instanceof Collection<?>) {
            for (String id : terms(value, param)) {
                if (!id.isBlank()) {
                    ids.add(id.trim());
                }
            }
        } else {
            throw new IllegalArgumentException("'" + name + "' takes IDs (a list of strings) or a dataset id");
        }
        if (ids.isEmpty()) {
            throw new IllegalArgumentException("'" + name + "' takes at least one ID");
        }
        return new DatasetValue(null, List.copyOf(new LinkedHashSet<>(ids)));
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

    /**
     * Encodes one value of one parameter. A dataset parameter takes a dataset id only here: nothing
     * is uploaded for a single value.
     */
    public static String encodeOne(JsonNode param, Object value) {
        String type = param.path("type").asText();
        if (INPUT_DATASET.equals(type)) {
            DatasetValue dataset = datasetValue(param, value);
            if (dataset.datasetId() == null) {
                throw new IllegalArgumentException("'" + param.path("name").asText()
                        + "' takes the id of an uploaded dataset here, not a list of IDs");
            }
            return dataset.datasetId();
        }
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
