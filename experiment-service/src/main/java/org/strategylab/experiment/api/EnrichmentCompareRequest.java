package org.strategylab.experiment.api;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.strategylab.experiment.api.constraints.Choices;
import org.strategylab.experiment.api.constraints.NoRepeats;

/**
 * {@code POST /experiments/enrichment-compare}: two or more (at most 50) of the caller's experiments,
 * optionally one analysis type ({@code go_function}, {@code go_component}, {@code go_process},
 * {@code pathway}, {@code word}).
 */
public record EnrichmentCompareRequest(
        @NotNull @Size(min = 2, max = 50, message = "name between 2 and 50 experiments") @NoRepeats
        List<@NotNull String> experimentIds,
        @Pattern(regexp = Choices.ENRICHMENT_TYPES, message = Choices.ENRICHMENT_TYPES_REFUSAL) String analysisType) {
}
