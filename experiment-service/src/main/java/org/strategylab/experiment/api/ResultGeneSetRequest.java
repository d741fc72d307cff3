package org.strategylab.experiment.api;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.strategylab.experiment.api.constraints.Choices;

/**
 * {@code POST /api/v1/experiments/{id}/gene-set}: an experiment's result, or one class of its control
 * genes, saved as a gene set of the caller.
 *
 * @param name  the set's name
 * @param which {@code result} (every gene of the result, the default), or the control genes of one
 *              class: {@code truePositives} (the positives the result holds), {@code falsePositives},
 *              {@code falseNegatives}, {@code trueNegatives}
 */
public record ResultGeneSetRequest(
        @NotBlank @Size(max = 255) String name,
        @Pattern(regexp = Choices.RESULT_GENE_SETS, message = Choices.RESULT_GENE_SETS_REFUSAL) String which) {

    /** {@code which}, {@code result} when not given. */
    public String whichOrDefault() {
        return which == null ? "result" : which;
    }
}
