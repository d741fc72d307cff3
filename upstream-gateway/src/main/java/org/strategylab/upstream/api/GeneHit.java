package org.strategylab.upstream.api;

import java.util.List;

/**
 * A gene found by a text search.
 *
 * @param geneId        the gene id ({@code PF3D7_0100100})
 * @param displayName   the record's display name
 * @param organism      the organism (plain text)
 * @param product       the product description
 * @param geneName      the gene symbol, if any
 * @param geneType      e.g. {@code protein coding gene}
 * @param location      the genomic location text
 * @param matchedFields which of {@code geneId}, {@code product}, {@code geneName} contain the query
 */
public record GeneHit(String geneId, String displayName, String organism, String product, String geneName,
                      String geneType, String location, List<String> matchedFields) {
}
