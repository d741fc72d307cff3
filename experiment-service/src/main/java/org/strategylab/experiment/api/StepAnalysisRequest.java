package org.strategylab.experiment.api;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.util.List;
import org.strategylab.experiment.api.constraints.Choices;
import org.strategylab.experiment.api.constraints.NoRepeats;

/**
 * {@code POST /experiments/{id}/step-analysis}: the phases to run (default all four, in this order):
 * {@code step_evaluation}, {@code operator_comparison}, {@code contribution}, {@code sensitivity}.
 */
public record StepAnalysisRequest(@NoRepeats List<@NotNull @Pattern(regexp = Choices.STEP_ANALYSIS_PHASES,
        message = Choices.STEP_ANALYSIS_PHASES_REFUSAL) String> phases) {
}
