package org.strategylab.experiment.run;

import java.util.List;
import java.util.UUID;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.experiment.api.ExperimentSettings;

/**
 * What every phase of one run reads: the experiment, its owner and token (upstream calls act as the
 * caller), its settings and prepared controls, the gene-ID mode input, and where progress goes.
 */
public record RunContext(UUID experimentId, String ownerId, String token, ExperimentSettings settings,
                         List<String> targetGeneIds, ControlSets controls, ProgressEvents progress) {
}
