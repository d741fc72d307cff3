package org.strategylab.experiment.experiments;

import org.strategylab.experiment.api.ExperimentSettings;

/**
 * The rules an analysis that also runs as a phase of an experiment applies to the experiment's
 * settings before the run is accepted. Each analysis keeps its own beside its phase, so this package
 * needs none of them by name ({@link ExperimentRequests} applies every one, in {@link #order()}).
 */
public interface AnalysisPhaseRules {

    /** When these rules apply among the others: the order of the analysis's run phase. */
    int order();

    /**
     * The settings with this analysis's part settled (its names put in order, say); throws a
     * {@link org.strategylab.edge.problem.ProblemException} naming the field when it refuses them.
     */
    ExperimentSettings settle(ExperimentSettings settings);
}
