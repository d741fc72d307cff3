package org.strategylab.upstream.api;

import java.util.List;

/**
 * Which input ids name a gene of the site.
 *
 * @param resolved   the ids that do, with their genes
 * @param unresolved the ids that do not
 */
public record GeneResolution(List<ResolvedGene> resolved, List<String> unresolved) {
}
