package org.strategylab.experiment.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.strategylab.experiment.api.constraints.AtMostSetting;
import org.strategylab.experiment.api.constraints.GeneIdList;
import org.strategylab.experiment.api.constraints.Setting;

/**
 * One search against several control sets ({@code api-contract.md} §4.3): a member per set, one of
 * them primary (the first when none says so).
 */
public record BenchmarkRequest(@NotNull @Valid ExperimentRequest base,
                               @NotEmpty @AtMostSetting(Setting.GROUP_MEMBERS) List<@NotNull @Valid Controls> controlSets) {

    /** One control set of a benchmark: inline lists or a stored set's id. */
    public record Controls(@NotBlank @Size(max = 200) String label, @AtMostSetting(Setting.CONTROL_IDS) @GeneIdList(atLeastOne = true) List<String> positiveControls,
                           @AtMostSetting(Setting.CONTROL_IDS) @GeneIdList List<String> negativeControls, String controlSetId,
                           @JsonProperty("isPrimary") Boolean isPrimary) {
    }
}
