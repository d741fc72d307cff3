package org.strategylab.chat.provider.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How the {@code mock} planner picks a search for a condition and fills its parameters: organism
 * words pick the organism, other words pick vocabulary values (looked up with
 * {@code get_dependent_vocab} in large vocabularies) or become a text search; required parameters
 * left keep the site's default.
 */
final class MockParameters {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private MockParameters() {
    }

    /**
     * The search to use, among plain searches (a transform needs an input this plan does not have):
     * the best-ranked one whose name or description holds a word of the condition; else a text
     * search, which finds any words in product names and annotations; else the best-ranked one.
     */
    static JsonNode pickSearch(JsonNode searches, List<String> keywords) {
        List<JsonNode> plain = new ArrayList<>();
        searches.forEach(search -> {
            String kind = search.path("kind").asText("search");
            if (!"transform".equals(kind) && !"combine".equals(kind)) {
                plain.add(search);
            }
        });
        if (plain.isEmpty()) {
            return searches.get(0);
        }
        for (JsonNode search : plain) {
            String text = (search.path("name").asText() + " " + search.path("displayName").asText() + " "
                    + search.path("description").asText()).toLowerCase(Locale.ROOT);
            if (keywords.stream().anyMatch(word -> text.contains(stem(word)))) {
                return search;
            }
        }
        return plain.stream().filter(s -> s.path("name").asText().contains("Text")).findFirst().orElse(plain.get(0));
    }

    /** A word without its last letters, so that "expressed" meets "expression" and "domains" meets "domain". */
    static String stem(String word) {
        return word.length() > 5 ? word.substring(0, word.length() - 2) : word;
    }

    /** Values for a search's parameters, or the vocabulary look-up needed first. */
    record ParameterChoice(Map<String, Object> values, ObjectNode lookup) {
    }

    static ParameterChoice fill(JsonNode parameters, String condition, String organismHint, String searchName,
                                        MockTrail done) {
        Map<String, Object> values = new LinkedHashMap<>();
        List<String> keywords = MockConditions.keywords(condition);
        for (JsonNode parameter : parameters) {
            String name = parameter.path("name").asText();
            String type = parameter.path("type").asText();
            boolean optional = parameter.path("optional").asBoolean(false);
            boolean multi = parameter.path("multiPick").asBoolean(false);
            JsonNode vocabulary = parameter.path("vocabulary");
            String fallback = parameter.path("initialDisplayValue").asText(null);
            if (vocabulary.isArray()) {
                boolean organism = name.toLowerCase(Locale.ROOT).contains("organism");
                List<String> words = organism ? (organismHint == null ? List.of() : List.of(organismHint)) : keywords;
                Optional<String> match = bestTerm(vocabulary, words);
                if (match.isEmpty() && !organism && parameter.has("vocabularyNote") && !keywords.isEmpty()) {
                    String query = String.join(" ", keywords);
                    Optional<MockTrail.Done> looked = done.find("get_dependent_vocab", a -> name.equals(a.path("paramName").asText())
                            && searchName.equals(a.path("searchName").asText()));
                    if (looked.isEmpty()) {
                        ObjectNode lookup = MAPPER.createObjectNode().put("searchName", searchName).put("paramName", name)
                                .put("query", query);
                        return new ParameterChoice(values, lookup);
                    }
                    JsonNode hits = looked.get().result().path("values");
                    if (!hits.isEmpty()) {
                        match = Optional.of(hits.get(0).path("value").asText());
                    }
                }
                if (match.isPresent()) {
                    values.put(name, multi ? List.of(match.get()) : match.get());
                } else if (!optional && fallback != null && !fallback.isBlank()) {
                    values.put(name, multi ? splitDefault(fallback) : fallback);
                } else if (!optional && !vocabulary.isEmpty()) {
                    String first = vocabulary.get(0).path("value").asText();
                    values.put(name, multi ? List.of(first) : first);
                }
            } else if ("string".equals(type) && name.toLowerCase(Locale.ROOT).contains("text") && !keywords.isEmpty()) {
                values.put(name, String.join(" ", keywords.stream().map(w -> w + "*").toList()));
            } else if (!optional && fallback != null && !fallback.isBlank()) {
                values.put(name, fallback);
            } else if (!optional && parameter.path("min").isNumber()) {
                values.put(name, parameter.path("min").numberValue());
            }
        }
        return new ParameterChoice(values, null);
    }

    /** A vocabulary value whose label holds the most of the words (at least one), if any. */
    private static Optional<String> bestTerm(JsonNode vocabulary, List<String> words) {
        String best = null;
        int bestHits = 0;
        for (JsonNode term : vocabulary) {
            String display = (term.path("display").asText() + " " + term.path("value").asText()).toLowerCase(Locale.ROOT);
            int hits = 0;
            for (String word : words) {
                if (Pattern.compile("\\b" + Pattern.quote(word)).matcher(display).find()) {
                    hits++;
                }
            }
            if (hits > bestHits) {
                bestHits = hits;
                best = term.path("value").asText();
            }
        }
        return Optional.ofNullable(best);
    }

    private static List<String> splitDefault(String value) {
        String trimmed = value.trim();
        if (trimmed.startsWith("[")) {
            try {
                List<String> list = new ArrayList<>();
                MAPPER.readTree(trimmed).forEach(v -> list.add(v.asText()));
                return list;
            } catch (IOException e) {
                return List.of(trimmed);
            }
        }
        return List.of(trimmed.split("\\s*,\\s*"));
    }
}
