package org.strategylab.upstream.api;

/**
 * An input id and the current gene it stands for.
 *
 * @param inputId  the id as given
 * @param geneId   the current gene id
 * @param organism the organism
 * @param product  the product description
 * @param geneName the gene symbol, if any
 */
public record ResolvedGene(String inputId, String geneId, String organism, String product, String geneName) {
}
