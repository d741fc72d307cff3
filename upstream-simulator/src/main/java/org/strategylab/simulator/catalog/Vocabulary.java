package org.strategylab.simulator.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A param's allowed terms. WDK serves tree vocabularies (treeBox) as nested {@code {data:{term,display},children}}
 * objects under a single root and every other vocabulary as {@code [term, display, parentTerm]} rows.
 */
public final class Vocabulary {

    /** WDK's synthetic root when a tree has several top-level nodes. */
    public static final String FAKE_ROOT = "@@fake@@";

    private final List<VocabularyNode> roots;
    private final Map<String, VocabularyNode> byTerm = new LinkedHashMap<>();
    private final Map<String, String> parentOf = new LinkedHashMap<>();

    public Vocabulary(List<VocabularyNode> roots) {
        this.roots = List.copyOf(roots);
        index(this.roots, null);
    }

    /** A flat vocabulary of {@code term = display} pairs. */
    public static Vocabulary flat(List<String> terms) {
        return new Vocabulary(terms.stream().map(t -> VocabularyNode.leaf(t, t)).toList());
    }

    private void index(List<VocabularyNode> nodes, String parent) {
        for (VocabularyNode node : nodes) {
            byTerm.put(node.term(), node);
            parentOf.put(node.term(), parent);
            index(node.children(), node.term());
        }
    }

    public boolean contains(String term) {
        return byTerm.containsKey(term);
    }

    public boolean isLeaf(String term) {
        VocabularyNode node = byTerm.get(term);
        return node != null && node.isLeaf();
    }

    public List<String> terms() {
        return List.copyOf(byTerm.keySet());
    }

    public List<String> leafTerms() {
        List<String> leaves = new ArrayList<>();
        byTerm.forEach((term, node) -> {
            if (node.isLeaf()) {
                leaves.add(term);
            }
        });
        return leaves;
    }

    public boolean isEmpty() {
        return byTerm.isEmpty();
    }

    /** The vocabulary as WDK serves it for a treeBox param. */
    public JsonNode toTreeJson() {
        if (roots.size() == 1) {
            return treeNode(roots.get(0));
        }
        return treeNode(new VocabularyNode(FAKE_ROOT, FAKE_ROOT, roots));
    }

    /** The vocabulary as WDK serves it for select, checkBox and typeAhead params. */
    public JsonNode toRowsJson() {
        ArrayNode rows = JsonNodeFactory.instance.arrayNode();
        byTerm.forEach((term, node) -> {
            ArrayNode row = rows.addArray();
            row.add(term);
            row.add(node.display());
            String parent = parentOf.get(term);
            if (parent == null) {
                row.addNull();
            } else {
                row.add(parent);
            }
        });
        return rows;
    }

    private static ObjectNode treeNode(VocabularyNode node) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        ObjectNode data = json.putObject("data");
        data.put("term", node.term());
        data.put("display", node.display());
        ArrayNode children = json.putArray("children");
        node.children().forEach(child -> children.add(treeNode(child)));
        return json;
    }
}
