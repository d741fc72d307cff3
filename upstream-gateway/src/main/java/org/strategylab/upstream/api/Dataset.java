package org.strategylab.upstream.api;

/**
 * An uploaded dataset: use {@code String.valueOf(datasetId)} as the value of an input-dataset
 * parameter (e.g. {@code ds_gene_ids} of {@code GeneByLocusTag}), as the same user on the same site.
 *
 * @param datasetId the upstream dataset id
 * @param submitted how many IDs were uploaded
 */
public record Dataset(long datasetId, int submitted) {
}
