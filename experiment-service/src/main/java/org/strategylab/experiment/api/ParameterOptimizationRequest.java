package org.strategylab.experiment.api;

import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.util.List;
import org.hibernate.validator.constraints.Range;
import org.strategylab.evaluation.model.OptimizationSpec;
import org.strategylab.experiment.api.constraints.Choices;
import org.strategylab.experiment.api.constraints.ObjectiveName;
import org.strategylab.experiment.api.constraints.OptimizationSpecs;

/**
 * {@code POST /experiments/{id}/parameter-optimization}, and the {@code optimization*} fields of an
 * experiment (spec §2.4, {@code api-contract.md} §6.1): tune parameters of the experiment's search.
 *
 * @param specs      {@code {name, type numeric|integer|categorical, min?, max?, step?, choices?}}: each a
 *                   parameter the search has
 * @param objective  {@code balanced_accuracy} (default), {@code f1}, {@code mcc}, {@code recall},
 *                   {@code precision}, {@code specificity}, {@code youdens_j} or {@code precision_at_K} …
 * @param budget     trials (5–200, default 30)
 * @param method     {@code adaptive} (default; {@code bayesian} accepted), {@code random} or {@code grid}
 * @param targetStep the step of a strategy experiment to tune ({@code optimizationTargetStep}); null for a
 *                   single-search experiment
 */
public record ParameterOptimizationRequest(
        @NotEmpty(message = "give at least one parameter to optimise") @OptimizationSpecs List<@NotNull OptimizationSpec> specs,
        @ObjectiveName String objective,
        @Range(min = Choices.MIN_BUDGET, max = Choices.MAX_BUDGET) Integer budget,
        @Pattern(regexp = Choices.OPTIMIZATION_METHODS, message = Choices.OPTIMIZATION_METHODS_REFUSAL) String method,
        String targetStep) {
}
