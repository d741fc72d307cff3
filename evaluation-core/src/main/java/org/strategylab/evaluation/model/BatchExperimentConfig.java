package org.strategylab.evaluation.model;

import java.util.List;

/** A batch of one experiment configuration run per organism (spec 2.5). */
public record BatchExperimentConfig(ExperimentConfig baseConfig, String organismParamName,
                                    List<BatchOrganismTarget> targetOrganisms) {
}
