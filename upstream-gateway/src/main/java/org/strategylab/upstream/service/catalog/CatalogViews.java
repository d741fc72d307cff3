package org.strategylab.upstream.service.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.strategylab.upstream.api.ParamSpec;
import org.strategylab.upstream.api.RecordTypeSummary;
import org.strategylab.upstream.api.SearchSummary;
import org.strategylab.upstream.api.VocabularyTerm;

/** Turns WDK's catalogue JSON (upstream-wdk.md §3.2) into StrategyLab's catalogue views. */
public final class CatalogViews {

    /** WDK's name prefix of the generated boolean (combine) search of each record class. */
    static final String BOOLEAN_SEARCH_PREFIX = "boolean_question_";

    /** The root term WDK puts above several tree roots. */
    private static final String FAKE_ROOT = "@@fake@@";

    private CatalogViews() {
    }

    static RecordTypeSummary recordType(JsonNode json) {
        List<String> keys = new ArrayList<>();
        json.path("primaryKeyColumnRefs").forEach(k -> keys.add(k.asText()));
        int searches = 0;
        for (JsonNode search : json.path("searches")) {
            searches += internal(search) ? 0 : 1;
        }
        return new RecordTypeSummary(json.path("urlSegment").asText(), json.path("displayName").asText(null),
                json.path("description").asText(null), keys, searches);
    }

    static SearchSummary search(JsonNode json) {
        String name = json.path("urlSegment").asText();
        return new SearchSummary(name, json.path("displayName").asText(null), json.path("shortDisplayName").asText(null),
                json.path("description").asText(null), json.path("outputRecordClassName").asText(null), kind(json));
    }

    /** WDK's question set of its own searches (baskets, single records, the boolean search, SRT): not for users. */
    static final String INTERNAL_SEARCH_PREFIX = "InternalQuestions.";

    /**
     * What a search does by how many input steps (answer params) it takes: two make it a
     * {@code combine} (the boolean search, but also {@code GenesBySpanLogic}), one a
     * {@code transform}, none a {@code search}. WDK's search list has no parameter types; it writes
     * {@code allowedPrimaryInputRecordClassNames} for a search with an answer param and
     * {@code allowedSecondaryInputRecordClassNames} for one with a second (upstream-wdk.md §3.2).
     * A full search description ({@code searchData}) is counted directly.
     */
    static String kind(JsonNode search) {
        int inputs;
        if (search.has("parameters")) {
            inputs = ParamEncoder.inputStepParams(search).size();
        } else {
            inputs = (search.has("allowedPrimaryInputRecordClassNames") ? 1 : 0)
                    + (search.has("allowedSecondaryInputRecordClassNames") ? 1 : 0);
        }
        return inputs >= 2 ? "combine" : inputs == 1 ? "transform" : "search";
    }

    /** Whether a search is one of WDK's internal ones, hidden from the catalogue users and the agent see. */
    static boolean internal(JsonNode search) {
        return search.path("fullName").asText("").startsWith(INTERNAL_SEARCH_PREFIX);
    }

    static ParamSpec param(JsonNode p) {
        String type = p.path("type").asText();
        boolean vocabulary = type.endsWith("-vocabulary");
        List<String> dependents = new ArrayList<>();
        p.path("dependentParams").forEach(d -> dependents.add(d.asText()));
        return new ParamSpec(
                p.path("name").asText(),
                p.path("displayName").asText(null),
                type,
                text(p, "help"),
                bool(p, "isVisible"),
                bool(p, "isReadOnly"),
                bool(p, "allowEmptyValue"),
                vocabulary ? type.equals("multi-pick-vocabulary") : null,
                text(p, "displayType"),
                integer(p, "minSelectedCount"),
                integer(p, "maxSelectedCount"),
                bool(p, "countOnlyLeaves"),
                vocabulary ? vocabulary(p.get("vocabulary")) : null,
                text(p, "initialDisplayValue"),
                decimal(p, "min"),
                decimal(p, "max"),
                decimal(p, "increment"),
                bool(p, "isNumber"),
                text(p, "group"),
                dependents,
                properties(p.get("properties")),
                integer(p, "depthExpanded"),
                parsers(p.get("parsers")),
                integer(p, "length"),
                bool(p, "isMultiLine"),
                bool(p, "isInteger"));
    }

    /** WDK's param properties: name to a list of values (a lone value is read as a one-item list). */
    private static Map<String, List<String>> properties(JsonNode properties) {
        if (properties == null || !properties.isObject()) {
            return null;
        }
        Map<String, List<String>> byName = new LinkedHashMap<>();
        properties.fields().forEachRemaining(entry -> {
            List<String> values = new ArrayList<>();
            if (entry.getValue().isArray()) {
                entry.getValue().forEach(v -> values.add(v.asText()));
            } else if (!entry.getValue().isNull()) {
                values.add(entry.getValue().asText());
            }
            byName.put(entry.getKey(), values);
        });
        return byName;
    }

    /** The ways a dataset param's ids may be written ({@code [{name, displayName, description}]}). */
    private static List<ParamSpec.Parser> parsers(JsonNode parsers) {
        if (parsers == null || !parsers.isArray()) {
            return null;
        }
        List<ParamSpec.Parser> list = new ArrayList<>();
        parsers.forEach(p -> list.add(new ParamSpec.Parser(p.path("name").asText(), text(p, "displayName"),
                text(p, "description"))));
        return list;
    }

    /** A WDK vocabulary: rows {@code [term, display, parent]}, or a tree {@code {data:{term, display}, children}}. */
    public static List<VocabularyTerm> vocabulary(JsonNode vocabulary) {
        List<VocabularyTerm> terms = new ArrayList<>();
        if (vocabulary == null || vocabulary.isNull()) {
            return terms;
        }
        if (vocabulary.isArray()) {
            vocabulary.forEach(row -> terms.add(new VocabularyTerm(row.path(0).asText(), row.path(1).asText(), null)));
            return terms;
        }
        VocabularyTerm root = treeTerm(vocabulary);
        if (FAKE_ROOT.equals(root.term()) && root.children() != null) {
            return root.children();
        }
        terms.add(root);
        return terms;
    }

    private static VocabularyTerm treeTerm(JsonNode node) {
        JsonNode children = node.path("children");
        List<VocabularyTerm> kids = null;
        if (children.isArray() && !children.isEmpty()) {
            kids = new ArrayList<>();
            for (JsonNode child : children) {
                kids.add(treeTerm(child));
            }
        }
        return new VocabularyTerm(node.path("data").path("term").asText(), node.path("data").path("display").asText(), kids);
    }

    /** The leaves of a tree vocabulary (or every term of a flat one). */
    public static List<VocabularyTerm> leaves(List<VocabularyTerm> terms) {
        List<VocabularyTerm> leaves = new ArrayList<>();
        for (VocabularyTerm term : terms) {
            if (term.children() == null || term.children().isEmpty()) {
                leaves.add(term);
            } else {
                leaves.addAll(leaves(term.children()));
            }
        }
        return leaves;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static Boolean bool(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asBoolean();
    }

    private static Integer integer(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || !value.isNumber() ? null : value.asInt();
    }

    private static Double decimal(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || !value.isNumber() ? null : value.asDouble();
    }
}
