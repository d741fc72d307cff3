package org.strategylab.experiment.api;

import java.util.List;
import org.strategylab.evaluation.model.OptimizationSpec;

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
public record ParameterOptimizationRequest(List<OptimizationSpec> specs, String objective, Integer budget,
                                           String method, String targetStep) {
}
