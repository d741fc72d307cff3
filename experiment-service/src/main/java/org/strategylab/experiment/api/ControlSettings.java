package org.strategylab.experiment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import org.strategylab.evaluation.ids.ControlSets;

/**
 * The controls an experiment is measured against, resolved and normalised, and how the site is
 * asked for them. Part of {@link ExperimentSettings}, written flat into its JSON.
 *
 * @param positiveControls    the positive controls as the site's gene IDs
 * @param negativeControls    the negative controls as the site's gene IDs
 * @param controlSetId        the saved control set they came from, if any
 * @param controlsSearchName  the site's search that takes a gene list (the control counts)
 * @param controlsParamName   its parameter that takes the list
 * @param controlsValueFormat how the list is written into it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ControlSettings(List<String> positiveControls, List<String> negativeControls, String controlSetId,
                              String controlsSearchName, String controlsParamName, String controlsValueFormat) {

    /** The two lists as the evaluation takes them. */
    public ControlSets sets() {
        return ControlSets.of(positiveControls, negativeControls);
    }

    /** The same settings with other controls. */
    public ControlSettings with(List<String> positives, List<String> negatives) {
        return new ControlSettings(positives, negatives, controlSetId, controlsSearchName, controlsParamName,
                controlsValueFormat);
    }
}
