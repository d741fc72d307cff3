package org.strategylab.experiment.api;

import jakarta.validation.constraints.NotNull;
import java.util.List;

/**
 * {@code POST /experiments/enrichment-compare}: two or more (at most 50) of the caller's experiments,
 * optionally one analysis type ({@code go_function}, {@code go_component}, {@code go_process},
 * {@code pathway}, {@code word}).
 */
public record EnrichmentCompareRequest(@NotNull List<@NotNull String> experimentIds, String analysisType) {
}
