package org.strategylab.experiment.api;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.util.List;
import org.hibernate.validator.constraints.Range;
import org.strategylab.evaluation.optimization.SweepValues;
import org.strategylab.experiment.api.constraints.Choices;

/**
 * {@code POST /experiments/{id}/threshold-sweep} (rule 4.5.6, {@code api-contract.md} §4.4).
 *
 * @param parameterName the parameter swept: of the search, or of any step of the tree that has it
 * @param sweepType     {@code numeric} (default) or {@code categorical}
 * @param minValue      numeric: the first value
 * @param maxValue      numeric: the last value
 * @param steps         numeric: how many evenly spaced values (3–50, default 10)
 * @param values        categorical: the values, in the order they are reported
 */
public record ThresholdSweepRequest(
        @NotBlank String parameterName,
        @Pattern(regexp = Choices.SWEEP_TYPES, message = Choices.SWEEP_TYPES_REFUSAL) String sweepType,
        Double minValue, Double maxValue,
        @Range(min = SweepValues.MIN_STEPS, max = SweepValues.MAX_STEPS) Integer steps,
        List<@NotNull String> values) {
}
