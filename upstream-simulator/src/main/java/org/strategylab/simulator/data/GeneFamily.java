package org.strategylab.simulator.data;

import java.util.List;

/**
 * A kind of gene the generator draws from. Families tie products, GO terms, EC numbers, pathways,
 * transmembrane domains, signal peptides and expression together, so that searches and enrichment
 * over the synthetic data find coherent groups, as they do over real genomes.
 *
 * @param products  product templates {@code "description|symbol"}; {@code {n}} is replaced by a number,
 *                  {@code {genus}} by the organism's genus; the symbol part is optional
 * @param genera    genera the family occurs in; empty = all
 * @param goIds     real GO ids (from the DAG skeleton) every member is annotated with
 * @param ecPrefix  EC class of members, or null for non-enzymes
 */
public record GeneFamily(String key, double weight, List<String> products, List<String> genera, List<String> goIds,
                         String ecPrefix, int minTm, int maxTm, double signalPeptideProbability, StageBias bias) {

    boolean occursIn(Organism organism) {
        return genera.isEmpty() || genera.contains(organism.genus());
    }
}
