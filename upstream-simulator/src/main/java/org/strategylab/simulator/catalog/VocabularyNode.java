package org.strategylab.simulator.catalog;

import java.util.List;

/** One term of a vocabulary; a flat vocabulary is a list of nodes without children. */
public record VocabularyNode(String term, String display, List<VocabularyNode> children) {

    public static VocabularyNode leaf(String term, String display) {
        return new VocabularyNode(term, display, List.of());
    }

    public boolean isLeaf() {
        return children.isEmpty();
    }
}
