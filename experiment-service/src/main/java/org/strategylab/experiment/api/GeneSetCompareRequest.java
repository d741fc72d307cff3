package org.strategylab.experiment.api;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.strategylab.experiment.api.constraints.NoRepeats;

/** {@code POST /api/v1/gene-sets/compare}: two to eight sets of one site, compared by their genes. */
public record GeneSetCompareRequest(
        @NotNull @Size(min = 2, max = 8) @NoRepeats List<@NotBlank String> setIds) {
}
