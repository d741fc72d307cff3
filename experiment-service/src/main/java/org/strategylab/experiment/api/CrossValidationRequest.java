package org.strategylab.experiment.api;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/** {@code POST /experiments/{id}/cross-validate}: k folds (2–10, default 5; clamped to the control lists). */
public record CrossValidationRequest(@Min(2) @Max(10) Integer kFolds) {
}
