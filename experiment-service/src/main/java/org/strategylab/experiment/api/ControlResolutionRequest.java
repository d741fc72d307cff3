package org.strategylab.experiment.api;

import jakarta.validation.constraints.NotBlank;
import java.util.List;
import org.strategylab.experiment.api.constraints.AtMostSetting;
import org.strategylab.experiment.api.constraints.GeneIdList;
import org.strategylab.experiment.api.constraints.Setting;

/**
 * {@code POST /api/v1/control-resolutions}: control lists to resolve against a site without running
 * anything. A list left out is taken from {@code controlSetId} when one is given (as an experiment
 * takes it), else empty.
 *
 * @param siteId           the site whose genes the IDs should name (required)
 * @param positiveControls the positive controls as typed
 * @param negativeControls the negative controls as typed
 * @param controlSetId     a saved set (yours or a public one, of the same site) that fills the lists not given
 */
public record ControlResolutionRequest(@NotBlank String siteId,
                                       @AtMostSetting(Setting.CONTROL_IDS) @GeneIdList List<String> positiveControls,
                                       @AtMostSetting(Setting.CONTROL_IDS) @GeneIdList List<String> negativeControls,
                                       String controlSetId) {
}
