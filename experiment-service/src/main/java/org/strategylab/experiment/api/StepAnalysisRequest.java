package org.strategylab.experiment.api;

import java.util.List;

/**
 * {@code POST /experiments/{id}/step-analysis}: the phases to run (default all four, in this order):
 * {@code step_evaluation}, {@code operator_comparison}, {@code contribution}, {@code sensitivity}.
 */
public record StepAnalysisRequest(List<String> phases) {
}
