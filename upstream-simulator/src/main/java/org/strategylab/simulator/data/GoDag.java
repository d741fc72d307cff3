package org.strategylab.simulator.data;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The generated GO DAG, with ancestor and descendant closures precomputed so searches can match a
 * term's descendants and annotations can be propagated to every ancestor (true path rule).
 */
public final class GoDag {

    private final List<GoTerm> terms;
    private final Map<String, GoTerm> byId = new HashMap<>();
    private final int[][] ancestors;   // including the term itself
    private final BitSet[] descendants; // including the term itself

    public GoDag(List<GoTerm> terms) {
        this.terms = Collections.unmodifiableList(new ArrayList<>(terms));
        terms.forEach(t -> byId.put(t.id(), t));
        int n = terms.size();
        ancestors = new int[n][];
        descendants = new BitSet[n];
        for (int i = 0; i < n; i++) {
            descendants[i] = new BitSet(n);
        }
        // parents always precede children in generation order, so one forward pass closes the DAG
        for (int i = 0; i < n; i++) {
            BitSet up = new BitSet(n);
            up.set(i);
            for (int parent : terms.get(i).parents()) {
                for (int a : ancestors[parent]) {
                    up.set(a);
                }
            }
            ancestors[i] = up.stream().toArray();
            for (int a : ancestors[i]) {
                descendants[a].set(i);
            }
        }
    }

    public List<GoTerm> terms() {
        return terms;
    }

    public GoTerm find(String id) {
        return byId.get(id);
    }

    /** The term and all its ancestors. */
    public int[] ancestorsOf(int term) {
        return ancestors[term];
    }

    /** The term and all its descendants (do not modify). */
    public BitSet descendantsOf(int term) {
        return descendants[term];
    }

    /** Whether the term is one of the three ontology roots, which enrichment never reports. */
    public boolean isRoot(int term) {
        return terms.get(term).parents().length == 0;
    }
}
