package org.strategylab.simulator.data;

import java.util.List;

/**
 * An RNA-seq experiment of one organism; the genes carry one value per sample (FPKM-like).
 *
 * @param datasetName the dataset name WDK appends to {@code GenesByRNASeq} to form the search name
 * @param profileSets the {@code profileset_generic} vocabulary: sense first, then antisense
 * @param samples     sample names, in the order of {@link Gene#expression()}
 */
public record ExpressionExperiment(String datasetName, String displayName, Organism organism,
                                   List<String> profileSets, List<String> samples) {

    /** The fold-change search's url segment. */
    public String searchName() {
        return "GenesByRNASeq" + datasetName;
    }

    /** Antisense profiles are a small, fixed fraction of the sense values: enough to make the profile set matter. */
    public static final double ANTISENSE_FRACTION = 0.08;
}
