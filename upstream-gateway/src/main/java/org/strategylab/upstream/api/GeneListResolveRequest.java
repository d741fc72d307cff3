package org.strategylab.upstream.api;

import jakarta.validation.constraints.NotEmpty;
import java.util.List;

/**
 * Gene ids to resolve for a service (current ids, transcript ids or previous ids), any number up to
 * {@code strategylab.upstream.results.gene-lookup-max}; they are looked up in batches.
 *
 * @param geneIds the ids
 */
public record GeneListResolveRequest(@NotEmpty List<String> geneIds) {
}
