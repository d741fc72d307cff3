package org.strategylab.experiment.api;

import org.hibernate.validator.constraints.Range;

/** {@code POST /experiments/{id}/cross-validate}: k folds (2–10, default 5; clamped to the control lists). */
public record CrossValidationRequest(@Range(min = 2, max = 10) Integer kFolds) {
}
