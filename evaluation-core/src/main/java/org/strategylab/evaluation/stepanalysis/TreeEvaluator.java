package org.strategylab.evaluation.stepanalysis;

import org.strategylab.evaluation.model.StepTreeNode;

/**
 * Evaluates a strategy tree against the experiment's controls. The experiment service supplies an
 * upstream-backed implementation (rule 4.5.5); tests use an in-memory one. Failures propagate.
 */
@FunctionalInterface
public interface TreeEvaluator {
    TreeEvaluation evaluate(StepTreeNode tree);
}
