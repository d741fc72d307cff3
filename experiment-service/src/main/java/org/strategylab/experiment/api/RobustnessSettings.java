package org.strategylab.experiment.api;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The bootstrap an experiment's run does after its evaluation. Part of {@link ExperimentSettings},
 * written flat into its JSON.
 *
 * @param enableRobustness    whether the run computes bootstrap intervals
 * @param bootstrapIterations how many resamples
 * @param bootstrapSeed       the resampling seed (null: a random one, recorded in the result)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RobustnessSettings(boolean enableRobustness, Integer bootstrapIterations, Long bootstrapSeed) {
}
