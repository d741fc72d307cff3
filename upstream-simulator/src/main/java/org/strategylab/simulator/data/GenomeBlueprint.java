package org.strategylab.simulator.data;

import java.util.List;
import java.util.Map;

/**
 * How to generate one organism's genome.
 *
 * @param sequenceIds       chromosome ids in order
 * @param genesPerSequence  number of genes on each chromosome
 * @param geneIds           how gene ids are spelled
 * @param transcriptSuffix  {@code ".%d"} (PlasmoDB style) or {@code "-t26_%d"} (ToxoDB style)
 * @param sister            the blueprint's organism name this one mirrors (syntenic orthologs), or null
 * @param experiment        the RNA-seq experiment, or null
 * @param stageSamples      for the experiment: which sample indexes each {@link StageBias} peaks in
 */
record GenomeBlueprint(Organism organism, List<String> sequenceIds, int[] genesPerSequence, GeneIdScheme geneIds,
                       String transcriptSuffix, String sister, ExperimentBlueprint experiment,
                       Map<StageBias, int[]> stageSamples, PreviousIdScheme previousIds) {

    int geneCount() {
        int total = 0;
        for (int n : genesPerSequence) {
            total += n;
        }
        return total;
    }

    /** Spells a gene id from its chromosome (0-based), its ordinal on the chromosome and in the genome (both 0-based). */
    @FunctionalInterface
    interface GeneIdScheme {
        String geneId(int sequence, int ordinalOnSequence, int ordinalInGenome);
    }

    /** Spells a previous (retired) id for a gene, as VEuPathDB keeps them for alias look-ups; null = none. */
    @FunctionalInterface
    interface PreviousIdScheme {
        String previousId(int sequence, int ordinalOnSequence, java.util.Random random);
    }

    record ExperimentBlueprint(String datasetName, String displayName, List<String> samples) {
    }
}
