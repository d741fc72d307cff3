package org.strategylab.experiment.experiments;

import java.util.List;
import org.strategylab.experiment.api.ControlResolution;
import org.strategylab.experiment.api.ExperimentSettings;

/**
 * A request that passed every check: the settings to store (their controls resolved to the site's
 * current gene IDs) and, in gene-ID mode, the cleaned IDs.
 *
 * @param controlSetLabel   the name of the control set the controls came from, if any
 * @param controlResolution how the typed controls were resolved
 */
public record ValidatedExperiment(ExperimentSettings settings, List<String> targetGeneIds, String controlSetLabel,
                                  ControlResolution controlResolution) {
}
