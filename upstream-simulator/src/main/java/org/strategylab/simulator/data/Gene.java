package org.strategylab.simulator.data;

import java.util.List;

/**
 * One synthetic gene and everything the searches, reports and analyses read from it. Immutable.
 *
 * @param sourceId          gene id in the organism's real format ({@code PF3D7_0100100})
 * @param name              gene symbol or null
 * @param geneType          WDK gene type ({@code protein coding gene}, {@code ncRNA gene}, ...)
 * @param sequenceId        chromosome / contig id ({@code Pf3D7_01_v3})
 * @param transcriptIds     one or two transcript ids, the first is the representative one
 * @param molecularWeight   predicted protein weight in Da, 0 for non-coding genes
 * @param expression        one value per sample of the organism's experiment, or null
 * @param orthologGroup     OrthoMCL group id ({@code OG7_0012345}) or null
 * @param syntenic          whether the gene's ortholog in the sister genome is syntenic
 * @param family            index of the generator's gene family (links products, GO terms and pathways)
 * @param locationText      WDK's {@code gene_location_text} ({@code Pf3D7_01_v3: 29,510 - 37,126 (+)}), formatted once
 */
public record Gene(
        String sourceId,
        Organism organism,
        String name,
        String product,
        String geneType,
        String sequenceId,
        int start,
        int end,
        boolean forwardStrand,
        List<String> transcriptIds,
        int exonCount,
        int proteinLength,
        double molecularWeight,
        int transmembraneDomains,
        boolean signalPeptide,
        List<String> ecNumbers,
        List<GoAnnotation> goAnnotations,
        int[] pathways,
        float[] expression,
        String orthologGroup,
        boolean syntenic,
        List<String> previousIds,
        int family,
        String locationText) {

    public static final String PROTEIN_CODING = "protein coding gene";

    public boolean proteinCoding() {
        return PROTEIN_CODING.equals(geneType);
    }

    /** WDK's {@code gene_location_text}: {@code Pf3D7_01_v3: 29,510 - 37,126 (+)}. */
    public static String locationText(String sequenceId, int start, int end, boolean forwardStrand) {
        return String.format(java.util.Locale.ROOT, "%s: %,d - %,d (%s)", sequenceId, start, end, forwardStrand ? "+" : "-");
    }
}
