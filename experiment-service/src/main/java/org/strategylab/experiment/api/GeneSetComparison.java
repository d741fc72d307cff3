package org.strategylab.experiment.api;

import java.util.List;

/**
 * The answer of {@code POST /api/v1/gene-sets/compare}.
 *
 * @param sets          each set in the order asked: its size and how many of its genes no other set has
 * @param pairs         each pair of sets (in the order asked) with how many genes they share
 * @param intersections UpSet-style: each distinct membership pattern (the sets a gene is in, and no
 *                      other) with its genes, the largest first
 * @param totalGenes    the genes of all the sets together
 */
public record GeneSetComparison(List<SetSize> sets, List<SharedPair> pairs, List<Intersection> intersections,
                                int totalGenes) {

    /** One compared set. */
    public record SetSize(String id, String name, int size, int uniqueCount) {
    }

    /** Two sets and the genes both hold. */
    public record SharedPair(String leftSetId, String rightSetId, int shared) {
    }

    /** The genes in exactly the sets {@code setIds} (in the order asked). */
    public record Intersection(List<String> setIds, int count, List<String> geneIds) {
    }
}
