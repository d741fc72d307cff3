package org.strategylab.upstream.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * WDK's validation bundle ({@code {level, isValid, errors:{general:[…], byKey:{param:[…]}}}}),
 * found in search details and in 422 answers (labelled text/plain). A body that is not a bundle
 * (WDK's 422 can also be a bare sentence) reads as one general error without the text, so no
 * upstream message leaks through by accident.
 *
 * @param valid   whether WDK found no error
 * @param general errors not tied to one parameter
 * @param byKey   errors by parameter name
 */
public record ValidationBundle(boolean valid, List<String> general, Map<String, List<String>> byKey) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public ValidationBundle {
        general = List.copyOf(general);
        byKey = Map.copyOf(byKey);
    }

    /** Reads a bundle from a WDK body. */
    public static ValidationBundle parse(String body) {
        try {
            JsonNode node = JSON.readTree(body == null ? "" : body);
            if (node == null || !node.isObject()) {
                return new ValidationBundle(false, List.of(), Map.of());
            }
            return from(node);
        } catch (JsonProcessingException e) {
            return new ValidationBundle(false, List.of(), Map.of());
        }
    }

    /** Reads a bundle from its JSON ({@code validation} of search details). */
    public static ValidationBundle from(JsonNode node) {
        boolean valid = node.path("isValid").asBoolean(false);
        List<String> general = new ArrayList<>();
        node.path("errors").path("general").forEach(e -> general.add(e.asText()));
        Map<String, List<String>> byKey = new LinkedHashMap<>();
        node.path("errors").path("byKey").fields().forEachRemaining(entry -> {
            List<String> messages = new ArrayList<>();
            entry.getValue().forEach(m -> messages.add(m.asText()));
            byKey.put(entry.getKey(), messages);
        });
        return new ValidationBundle(valid, general, byKey);
    }

    /** Whether WDK named at least one parameter. */
    public boolean namesParameters() {
        return !byKey.isEmpty();
    }
}
