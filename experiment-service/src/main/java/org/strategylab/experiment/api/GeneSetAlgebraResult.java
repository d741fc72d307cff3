package org.strategylab.experiment.api;

import java.util.List;

/**
 * The answer of {@code POST /api/v1/gene-sets/algebra}.
 *
 * @param geneIds the resulting genes: the left set's in its order, then (for a union) the right set's
 *                not already in it
 * @param count   how many
 * @param saved   the new gene set when {@code save} was asked, else null
 */
public record GeneSetAlgebraResult(String op, String leftSetId, String rightSetId, List<String> geneIds, int count,
                                   ControlSet saved) {
}
