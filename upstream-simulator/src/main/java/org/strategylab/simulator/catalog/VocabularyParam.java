package org.strategylab.simulator.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Function;

/**
 * WDK {@code single-pick-vocabulary} / {@code multi-pick-vocabulary} param. Values arrive as a plain
 * term, a JSON array string, or (multi-pick) comma-separated terms, as WDK's
 * {@code AbstractEnumParam.standardizeStableValue} accepts; single-pick values are echoed plain and
 * multi-pick values as a JSON array string. With {@code countOnlyLeaves}, only selected leaves count
 * toward {@code minSelectedCount}.
 */
public final class VocabularyParam extends ParamSpec {

    private static final ObjectMapper JSON = new ObjectMapper();

    public enum DisplayType {
        SELECT("select"), CHECK_BOX("checkBox"), TYPE_AHEAD("typeAhead"), TREE_BOX("treeBox");

        final String wire;

        DisplayType(String wire) {
            this.wire = wire;
        }
    }

    private final boolean multi;
    private final DisplayType displayType;
    private final int minSelected;
    private final int maxSelected;
    private final Function<ParamContext, Vocabulary> vocabulary;
    private final Function<Vocabulary, List<String>> defaults;

    public VocabularyParam(ParamBasics basics, boolean multi, DisplayType displayType, int minSelected, int maxSelected,
                           Function<ParamContext, Vocabulary> vocabulary, Function<Vocabulary, List<String>> defaults) {
        super(basics);
        this.multi = multi;
        this.displayType = displayType;
        this.minSelected = minSelected;
        this.maxSelected = maxSelected;
        this.vocabulary = vocabulary;
        this.defaults = defaults;
    }

    /** A single-pick param over fixed terms with a fixed default. */
    public static VocabularyParam singlePick(ParamBasics basics, List<String> terms, String defaultTerm) {
        Vocabulary vocab = Vocabulary.flat(terms);
        return new VocabularyParam(basics, false, DisplayType.SELECT, 1, 1, c -> vocab, v -> List.of(defaultTerm));
    }

    /** Default: nothing selected. */
    public static List<String> none(Vocabulary vocabulary) {
        return List.of();
    }

    /** Default: every leaf selected. */
    public static List<String> allLeaves(Vocabulary vocabulary) {
        return vocabulary.leafTerms();
    }

    /** Default: the first term. */
    public static List<String> first(Vocabulary vocabulary) {
        return vocabulary.isEmpty() ? List.of() : List.of(vocabulary.terms().get(0));
    }

    /** Default: the first leaf (for trees whose first terms are ranks). */
    public static List<String> firstLeaf(Vocabulary vocabulary) {
        List<String> leaves = vocabulary.leafTerms();
        return leaves.isEmpty() ? List.of() : List.of(leaves.get(0));
    }

    public boolean isMulti() {
        return multi;
    }

    public Vocabulary vocabulary(ParamContext context) {
        return vocabulary.apply(context);
    }

    @Override
    public String type() {
        return multi ? "multi-pick-vocabulary" : "single-pick-vocabulary";
    }

    @Override
    public String defaultValue(ParamContext context) {
        return encode(defaults.apply(vocabulary(context)));
    }

    private String encode(List<String> terms) {
        if (!multi) {
            return terms.isEmpty() ? "" : terms.get(0);
        }
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        terms.forEach(array::add);
        return array.toString();
    }

    @Override
    public ParamCheck validate(String value, ParamContext context) {
        List<String> terms = terms(value);
        if (terms == null) {
            return ParamCheck.invalid("'" + value + "' is not a valid JSON array of terms");
        }
        Vocabulary vocab = vocabulary(context);
        List<String> unknown = terms.stream().filter(t -> !vocab.contains(t)).toList();
        if (!unknown.isEmpty()) {
            return ParamCheck.invalid("The following values are not in the vocabulary: " + String.join(", ", unknown));
        }
        if (terms.isEmpty() && basics.allowEmptyValue()) {
            return ParamCheck.ok(encode(terms));
        }
        if (!multi && terms.size() != 1) {
            return ParamCheck.invalid("Exactly one value must be selected");
        }
        long counted = displayType == DisplayType.TREE_BOX ? terms.stream().filter(vocab::isLeaf).count() : terms.size();
        if (counted < minSelected) {
            return ParamCheck.invalid("At least " + minSelected + " value(s) must be selected"
                    + (displayType == DisplayType.TREE_BOX ? " (only leaf terms count)" : ""));
        }
        if (maxSelected >= 0 && counted > maxSelected) {
            return ParamCheck.invalid("No more than " + maxSelected + " value(s) may be selected");
        }
        return ParamCheck.ok(encode(terms));
    }

    /** The terms of a value (plain, JSON array or comma-separated); null when a JSON array is malformed. */
    public static List<String> terms(String value) {
        String trimmed = value == null ? "" : value.trim();
        if (trimmed.isEmpty()) {
            return List.of();
        }
        if (trimmed.startsWith("[")) {
            try {
                JsonNode node = JSON.readTree(trimmed);
                if (!node.isArray()) {
                    return null;
                }
                LinkedHashSet<String> terms = new LinkedHashSet<>();
                for (JsonNode element : node) {
                    if (!element.isTextual()) {
                        return null;
                    }
                    terms.add(element.asText());
                }
                return new ArrayList<>(terms);
            } catch (Exception e) {
                return null;
            }
        }
        LinkedHashSet<String> terms = new LinkedHashSet<>();
        for (String part : trimmed.split(",")) {
            if (!part.trim().isEmpty()) {
                terms.add(part.trim());
            }
        }
        return new ArrayList<>(terms);
    }

    /** The leaf terms of a validated tree value (parents alone select nothing, as on the real sites). */
    public List<String> selectedLeaves(String value, ParamContext context) {
        Vocabulary vocab = vocabulary(context);
        List<String> terms = terms(value);
        return terms == null ? List.of() : terms.stream().filter(vocab::isLeaf).toList();
    }

    @Override
    protected void describeType(ObjectNode node, ParamContext context) {
        node.put("displayType", displayType.wire);
        node.put("minSelectedCount", minSelected);
        node.put("maxSelectedCount", maxSelected);
        Vocabulary vocab = vocabulary(context);
        if (displayType == DisplayType.TREE_BOX) {
            node.set("vocabulary", vocab.toTreeJson());
            node.put("countOnlyLeaves", true);
            node.put("depthExpanded", 1);
        } else {
            node.set("vocabulary", vocab.toRowsJson());
        }
    }
}
