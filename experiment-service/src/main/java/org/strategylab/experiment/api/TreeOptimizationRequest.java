package org.strategylab.experiment.api;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.PositiveOrZero;
import java.util.List;
import org.hibernate.validator.constraints.Range;
import org.strategylab.evaluation.model.OperatorKnob;
import org.strategylab.evaluation.model.ThresholdKnob;
import org.strategylab.experiment.api.constraints.Choices;
import org.strategylab.experiment.api.constraints.ObjectiveName;
import org.strategylab.experiment.api.constraints.ThresholdKnobs;

/**
 * {@code POST /experiments/{id}/tree-optimization} (spec §2.4, DECISIONS 16): tune threshold
 * parameters and combine operators of the experiment's tree for an objective.
 *
 * @param thresholdKnobs {@code {stepId, paramName, minVal, maxVal, stepSize?}}: a step's numeric parameter and its range
 * @param operatorKnobs  {@code {combineNodeId, options}}: a combine step and the operators to try
 * @param objective      {@code precision_at_K}, {@code recall_at_K}, {@code enrichment_at_K} (K honoured, on the
 *                       trial's ordered result) or a classification metric ({@code f1}, {@code mcc}, …); default
 *                       {@code precision_at_50}
 * @param budget         trials (5–200, default 50)
 * @param maxListSize    a trial whose result is larger is recorded as rejected (score 0)
 */
public record TreeOptimizationRequest(@ThresholdKnobs List<ThresholdKnob> thresholdKnobs,
                                      List<@NotNull OperatorKnob> operatorKnobs,
                                      @ObjectiveName String objective,
                                      @Range(min = Choices.MIN_BUDGET, max = Choices.MAX_BUDGET) Integer budget,
                                      @PositiveOrZero Integer maxListSize) {
}
