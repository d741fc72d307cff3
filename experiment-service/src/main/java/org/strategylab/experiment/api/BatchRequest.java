package org.strategylab.experiment.api;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.util.List;
import org.strategylab.experiment.api.constraints.AtMostSetting;
import org.strategylab.experiment.api.constraints.GeneIdList;
import org.strategylab.experiment.api.constraints.Setting;

/**
 * One search run per organism (spec §2.5): the base experiment with {@code organismParamName} set to
 * each target organism, and that organism's own controls when it gives them.
 */
public record BatchRequest(@NotNull @Valid ExperimentRequest base, @NotBlank String organismParamName,
                           @NotEmpty @AtMostSetting(Setting.GROUP_MEMBERS) List<@NotNull @Valid Target> targetOrganisms) {

    /** An organism of a batch, with optional control overrides. */
    public record Target(@NotBlank String organism,
                         @AtMostSetting(Setting.CONTROL_IDS) @GeneIdList(atLeastOne = true) List<String> positiveControls,
                         @AtMostSetting(Setting.CONTROL_IDS) @GeneIdList List<String> negativeControls) {
    }
}
