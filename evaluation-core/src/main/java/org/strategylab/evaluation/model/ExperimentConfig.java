package org.strategylab.evaluation.model;

import java.util.List;
import java.util.Map;

/**
 * The experiment configuration fields the evaluation engine reads (spec 2.1). Fields the spec does
 * not show are owned by the experiment service; unknown JSON fields are ignored here.
 */
public record ExperimentConfig(String name, String siteId, String recordType, String mode, String searchName,
                               Map<String, String> parameters, List<String> targetGeneIds,
                               List<String> positiveControls, List<String> negativeControls,
                               String controlSetId, String controlsSearchName, String controlsParamName,
                               String controlsValueFormat, StepTreeNode stepTree, String sortAttribute,
                               String sortDirection) {
}
