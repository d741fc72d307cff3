package org.strategylab.chat.provider.mock;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How the {@code mock} planner reads a request: its conditions ("A and B" → INTERSECT, "A or B" →
 * UNION, "A but not B" / "A excluding B" / "A without B" → MINUS), a change to the strategy there is
 * ("add …", "remove …", "include …"), the words that carry meaning, the organism word
 * ("falciparum", "gondii", …) and a request to save the strategy on the site.
 */
final class MockConditions {

    private static final Set<String> STOP_WORDS = Set.of("a", "an", "the", "find", "show", "me", "all", "give", "list",
            "genes", "gene", "that", "which", "are", "is", "with", "in", "of", "for", "from", "to", "please", "build",
            "strategy", "search", "i", "want", "need", "those", "these", "have", "has", "their", "encoding", "encode",
            "encodes", "coding", "code", "codes", "whose", "products", "product", "annotated", "as", "by", "on",
            "can", "you", "could", "would", "like", "some", "any", "plasmodium", "toxoplasma", "p", "t", "species",
            "protein", "proteins");
    private static final Pattern CONNECTOR_MINUS = Pattern.compile("\\s+(?:but not|excluding|except|without|minus)\\s+",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern CONNECTOR_OR = Pattern.compile("\\s+or\\s+", Pattern.CASE_INSENSITIVE);
    private static final Pattern CONNECTOR_AND = Pattern.compile("\\s+and\\s+(?:also\\s+)?", Pattern.CASE_INSENSITIVE);
    /** A request to keep the strategy on the site. */
    private static final Pattern SAVE = Pattern.compile("\\b(save|push|upload|put it on)\\b", Pattern.CASE_INSENSITIVE);
    /** The save request at the end of a message, left out of its conditions ("…, and save it on the site"). */
    private static final Pattern SAVE_CLAUSE = Pattern.compile(
            "(?:[,;.]?\\s*(?:and|then)?\\s*)(?:please\\s+)?\\b(?:save|push|upload|put it on)\\b.*$",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern ADD = Pattern.compile("^(?:now\\s+|then\\s+)?(?:please\\s+)?(?:add|also(?:\\s+find)?|"
            + "keep only|only keep|narrow(?:\\s+it)?\\s+to|restrict(?:\\s+it)?\\s+to|limit(?:\\s+it)?\\s+to)\\s+",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern REMOVE = Pattern.compile("^(?:now\\s+|then\\s+)?(?:please\\s+)?(?:remove|exclude|drop|"
            + "take out|subtract)\\s+", Pattern.CASE_INSENSITIVE);
    private static final Pattern INCLUDE = Pattern.compile("^(?:now\\s+|then\\s+)?(?:please\\s+)?(?:include|plus|"
            + "or also|union with)\\s+", Pattern.CASE_INSENSITIVE);

    private MockConditions() {
    }

    /** A condition of the request, with the operator that joins it to the one before. */
    record Condition(String text, String operator) {
    }

    /** Whether the request asks to keep the strategy on the site. */
    static boolean asksToSave(String request) {
        return SAVE.matcher(request).find();
    }

    /** The request without its save clause, which is no condition ("…, and save it on the site"). */
    static String withoutSaveClause(String request) {
        return SAVE_CLAUSE.matcher(request).replaceFirst("");
    }

    /**
     * A message that changes the strategy there is ("add …", "remove …", "include …"): the
     * condition, with the operator that joins it to the strategy's root.
     */
    static Optional<Condition> refinement(String request) {
        String text = request.trim().replaceAll("[.?!]+$", "");
        for (Map.Entry<Pattern, String> verb : List.of(Map.entry(REMOVE, "MINUS"), Map.entry(INCLUDE, "UNION"),
                Map.entry(ADD, "INTERSECT"))) {
            java.util.regex.Matcher matcher = verb.getKey().matcher(text);
            if (matcher.find() && !keywords(text.substring(matcher.end())).isEmpty()) {
                return Optional.of(new Condition(text.substring(matcher.end()).trim(), verb.getValue()));
            }
        }
        return Optional.empty();
    }

    /** The conditions of a request: one, or two joined by an operator. */
    static List<Condition> conditions(String request) {
        String text = request.trim().replaceAll("[.?!]+$", "");
        for (Map.Entry<Pattern, String> connector : List.of(Map.entry(CONNECTOR_MINUS, "MINUS"),
                Map.entry(CONNECTOR_OR, "UNION"), Map.entry(CONNECTOR_AND, "INTERSECT"))) {
            String[] parts = connector.getKey().split(text, 2);
            if (parts.length == 2 && !keywords(parts[0]).isEmpty() && !keywords(parts[1]).isEmpty()) {
                return List.of(new Condition(parts[0].trim(), null), new Condition(parts[1].trim(), connector.getValue()));
            }
        }
        return List.of(new Condition(text, null));
    }

    /** The words that carry meaning, singular. */
    static List<String> keywords(String text) {
        List<String> words = new ArrayList<>();
        for (String raw : text.toLowerCase(Locale.ROOT).split("[^a-z0-9-]+")) {
            if (raw.length() < 2 || STOP_WORDS.contains(raw) || ORGANISM_WORDS.contains(raw)) {
                continue;
            }
            String word = singular(raw);
            if (!words.contains(word)) {
                words.add(word);
            }
        }
        return words;
    }

    /** Plurals as annotations write the singular: kinases, processes, pathways, families. */
    static String singular(String word) {
        if (word.endsWith("sses") || word.endsWith("xes")) {
            return word.substring(0, word.length() - 2);
        }
        if (word.endsWith("ies") && word.length() > 4) {
            return word.substring(0, word.length() - 3) + "y";
        }
        if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !word.endsWith("is") && word.length() > 3) {
            return word.substring(0, word.length() - 1);
        }
        return word;
    }

    private static final Set<String> ORGANISM_WORDS = Set.of("falciparum", "vivax", "berghei", "yoelii", "chabaudi",
            "knowlesi", "gondii", "hammondi", "caninum", "3d7", "me49", "gt1", "organism", "organisms");

    /** The organism word of a request ("falciparum", "gondii", …), if it has one. */
    static String organismHint(String request) {
        for (String word : request.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
            if (ORGANISM_WORDS.contains(word) && !word.startsWith("organism")) {
                return word;
            }
        }
        return null;
    }

    static String label(String condition) {
        List<String> words = keywords(condition);
        String label = words.isEmpty() ? condition : String.join(" ", words);
        return label.length() > 60 ? label.substring(0, 60) : label;
    }

    /** A task with the request's organism said in it (a sub-agent sees only its task). */
    static String withOrganism(String task, String request) {
        String hint = organismHint(request);
        return hint == null || organismHint(task) != null ? task : task + " in " + hint;
    }
}
