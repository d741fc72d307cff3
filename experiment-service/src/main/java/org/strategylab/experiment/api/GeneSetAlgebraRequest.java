package org.strategylab.experiment.api;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.strategylab.experiment.api.constraints.Choices;

/**
 * {@code POST /api/v1/gene-sets/algebra}: one set operation on the genes of two sets (a set's genes
 * are its {@code positiveIds}).
 *
 * @param op         {@code union}, {@code intersection} or {@code difference} (the left set's genes not in the right)
 * @param leftSetId  a set the caller may read (their own or a public one)
 * @param rightSetId another set of the same site
 * @param name       the saved set's name (default: the two names and the operation)
 * @param save       whether to save the result as a new gene set owned by the caller
 */
public record GeneSetAlgebraRequest(
        @NotBlank @Pattern(regexp = Choices.GENE_SET_OPS, message = Choices.GENE_SET_OPS_REFUSAL) String op,
        @NotBlank String leftSetId,
        @NotBlank String rightSetId,
        @Size(max = 255) String name,
        Boolean save) {
}
