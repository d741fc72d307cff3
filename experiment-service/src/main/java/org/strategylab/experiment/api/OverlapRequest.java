package org.strategylab.experiment.api;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;

/** {@code POST /experiments/overlap}: two or more of the caller's experiments. */
public record OverlapRequest(@NotNull @Size(min = 2, max = 50) List<@NotNull String> experimentIds) {
}
