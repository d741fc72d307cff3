package org.strategylab.experiment.genesets;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.strategylab.evaluation.ids.IdNormaliser;
import org.strategylab.experiment.api.ControlResolution;
import org.strategylab.experiment.api.GeneSetComparison;

/**
 * The set algebra and the comparison of gene sets, on their genes: each ID as stored (cleaned by
 * evaluation-core's normaliser) or, when the set's resolution named its current gene ID (another case,
 * a transcript or a previous ID), that gene ID ({@link #genes}); two genes are the same when their
 * IDs are the same text. Pure: no site, no database.
 */
public final class GeneSetMath {

    /** The operations of {@code POST /api/v1/gene-sets/algebra}. */
    public enum Operation {
        UNION, INTERSECTION, DIFFERENCE;

        /** The operation a request names ({@code union}, …; validated before). */
        public static Operation of(String name) {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        }

        /** The word a person reads: {@code union}, … */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A set to compare: its id, name and genes. */
    public record NamedSet(String id, String name, List<String> genes) {
    }

    private GeneSetMath() {
    }

    /**
     * A set's genes: its IDs in order, each one the site renamed replaced by its current gene ID
     * (from the resolution stored with the set), de-duplicated; IDs the site did not know stay as typed.
     */
    public static List<String> genes(List<String> ids, List<ControlResolution.RenamedControl> renamed) {
        Map<String, String> current = new HashMap<>();
        for (ControlResolution.RenamedControl r : renamed == null ? List.<ControlResolution.RenamedControl>of() : renamed) {
            current.putIfAbsent(r.input(), r.geneId());
        }
        Set<String> genes = new LinkedHashSet<>();
        for (String id : IdNormaliser.clean(ids)) {
            genes.add(current.getOrDefault(id, id));
        }
        return List.copyOf(genes);
    }

    /**
     * The genes of {@code left op right}, in the left set's order (a union then adds the right set's
     * genes not in the left, in their order).
     */
    public static List<String> apply(Operation op, List<String> left, List<String> right) {
        Set<String> leftGenes = new LinkedHashSet<>(IdNormaliser.clean(left));
        Set<String> rightGenes = new LinkedHashSet<>(IdNormaliser.clean(right));
        Set<String> result = new LinkedHashSet<>(leftGenes);
        switch (op) {
            case UNION -> result.addAll(rightGenes);
            case INTERSECTION -> result.retainAll(rightGenes);
            case DIFFERENCE -> result.removeAll(rightGenes);
        }
        return List.copyOf(result);
    }

    /**
     * The sets side by side: each one's size and genes no other set has, the genes each pair shares,
     * and every distinct membership pattern (UpSet's intersections: the genes in exactly those sets)
     * with its genes, the largest first (ties: fewer sets first, then in the order the sets were given).
     */
    public static GeneSetComparison compare(List<NamedSet> sets) {
        List<Set<String>> genes = sets.stream().map(set -> (Set<String>) new LinkedHashSet<>(IdNormaliser.clean(set.genes())))
                .toList();
        Map<String, Integer> membership = new LinkedHashMap<>();
        for (int i = 0; i < genes.size(); i++) {
            int bit = 1 << i;
            for (String gene : genes.get(i)) {
                membership.merge(gene, bit, (a, b) -> a | b);
            }
        }
        Map<Integer, List<String>> byPattern = new LinkedHashMap<>();
        membership.forEach((gene, pattern) -> byPattern.computeIfAbsent(pattern, p -> new ArrayList<>()).add(gene));

        List<GeneSetComparison.SetSize> sizes = new ArrayList<>();
        for (int i = 0; i < sets.size(); i++) {
            NamedSet set = sets.get(i);
            sizes.add(new GeneSetComparison.SetSize(set.id(), set.name(), genes.get(i).size(),
                    byPattern.getOrDefault(1 << i, List.of()).size()));
        }
        List<GeneSetComparison.SharedPair> pairs = new ArrayList<>();
        for (int i = 0; i < sets.size(); i++) {
            for (int j = i + 1; j < sets.size(); j++) {
                Set<String> other = genes.get(j);
                int shared = (int) genes.get(i).stream().filter(other::contains).count();
                pairs.add(new GeneSetComparison.SharedPair(sets.get(i).id(), sets.get(j).id(), shared));
            }
        }
        List<GeneSetComparison.Intersection> intersections = byPattern.entrySet().stream()
                .sorted(Comparator.<Map.Entry<Integer, List<String>>>comparingInt(e -> -e.getValue().size())
                        .thenComparingInt(e -> Integer.bitCount(e.getKey()))
                        .thenComparing(Map.Entry::getKey, GeneSetMath::earlierSetsFirst))
                .map(e -> new GeneSetComparison.Intersection(members(sets, e.getKey()), e.getValue().size(),
                        List.copyOf(e.getValue())))
                .toList();
        return new GeneSetComparison(sizes, pairs, intersections, membership.size());
    }

    /** Of two patterns, the one holding the first set in which they differ comes first. */
    private static int earlierSetsFirst(int a, int b) {
        int firstDifference = Integer.lowestOneBit(a ^ b);
        return firstDifference == 0 ? 0 : (a & firstDifference) != 0 ? -1 : 1;
    }

    private static List<String> members(List<NamedSet> sets, int pattern) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < sets.size(); i++) {
            if ((pattern & (1 << i)) != 0) {
                ids.add(sets.get(i).id());
            }
        }
        return ids;
    }
}
