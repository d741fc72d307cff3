package org.strategylab.experiment.api;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.util.List;

/**
 * One search run per organism (spec §2.5): the base experiment with {@code organismParamName} set to
 * each target organism, and that organism's own controls when it gives them.
 */
public record BatchRequest(@NotNull @Valid ExperimentRequest base, @NotBlank String organismParamName,
                           @NotEmpty List<@NotNull @Valid Target> targetOrganisms) {

    /** An organism of a batch, with optional control overrides. */
    public record Target(@NotBlank String organism, List<String> positiveControls, List<String> negativeControls) {
    }
}
