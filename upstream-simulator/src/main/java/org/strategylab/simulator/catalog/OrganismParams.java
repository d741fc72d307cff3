package org.strategylab.simulator.catalog;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.strategylab.simulator.data.Organism;
import org.strategylab.simulator.data.SiteData;

/** The organism tree params every gene search has, and their evaluation. */
final class OrganismParams {

    private OrganismParams() {
    }

    /** The organism tree: genus, species, strain (leaves are the organism names, the only terms that select genes). */
    static Vocabulary tree(SiteData data) {
        Map<String, Object> root = new LinkedHashMap<>();
        for (Organism organism : data.organisms()) {
            Map<String, Object> level = root;
            List<String> path = organism.lineage().subList(2, organism.lineage().size());
            for (String rank : path) {
                @SuppressWarnings("unchecked")
                Map<String, Object> next = (Map<String, Object>) level.computeIfAbsent(rank, k -> new LinkedHashMap<>());
                level = next;
            }
            level.put(organism.name(), new LinkedHashMap<>());
        }
        return new Vocabulary(nodes(root));
    }

    @SuppressWarnings("unchecked")
    private static List<VocabularyNode> nodes(Map<String, Object> level) {
        List<VocabularyNode> nodes = new ArrayList<>();
        level.forEach((term, children) -> nodes.add(new VocabularyNode(term, term, nodes((Map<String, Object>) children))));
        return nodes;
    }

    /** A multi-pick organism tree param. */
    static VocabularyParam multi(String name, String displayName, boolean defaultAll) {
        return new VocabularyParam(ParamBasics.visible(name, displayName, "Select one or more organisms"), true,
                VocabularyParam.DisplayType.TREE_BOX, 1, -1, c -> tree(c.data()),
                defaultAll ? VocabularyParam::allLeaves : VocabularyParam::none);
    }

    /** A multi-pick organism tree param defaulting to the site's reference organisms. */
    static VocabularyParam references(String name, String displayName) {
        return new VocabularyParam(ParamBasics.visible(name, displayName, "Select one or more organisms"), true,
                VocabularyParam.DisplayType.TREE_BOX, 1, -1, c -> tree(c.data()),
                v -> v.leafTerms().stream().filter(t -> t.endsWith("3D7") || t.endsWith("ME49")).toList());
    }

    /** Genes of the selected leaf organisms. */
    static BitSet genes(SearchEvaluator.Run run, String param) {
        BitSet genes = new BitSet();
        for (String term : VocabularyParam.terms(run.value(param))) {
            Organism organism = run.data().organism(term);
            if (organism != null) {
                genes.or(run.data().genesOf(organism));
            }
        }
        return genes;
    }
}
