package org.strategylab.experiment.api;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The cross-validation an experiment's run does. Part of {@link ExperimentSettings}, written flat
 * into its JSON.
 *
 * @param enableCrossValidation whether the run cross-validates
 * @param kFolds                folds asked for (default 5; clamped to the control lists)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CrossValidationSettings(boolean enableCrossValidation, Integer kFolds) {

    /** The folds asked for, or {@code otherwise} when none were. */
    public int kFoldsOr(int otherwise) {
        return kFolds == null ? otherwise : kFolds;
    }
}
