package org.strategylab.evaluation.model;

import java.util.List;

/** The tree-knob optimisation outcome (spec 2.4). {@code bestTrial} is null when no trial completed. */
public record TreeOptimizationResult(TreeOptimizationTrial bestTrial, List<TreeOptimizationTrial> allTrials,
                                     double totalTimeSeconds, String objective) {
    public TreeOptimizationResult {
        allTrials = allTrials == null ? List.of() : List.copyOf(allTrials);
    }
}
