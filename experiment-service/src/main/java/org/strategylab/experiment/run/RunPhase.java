package org.strategylab.experiment.run;

import io.smallrye.mutiny.Uni;
import org.strategylab.experiment.api.ExperimentSettings;

/**
 * One phase of an experiment run. The runner runs the phases that apply, in order, announcing each
 * with an {@code experiment_progress} event of its {@link #phase()} and persisting the state after it.
 * The analyses (cross-validation, enrichment, step analysis, optimisation) are phases too: each is a
 * bean of this type with its {@link #order()} after evaluation.
 */
public interface RunPhase {

    /** Where it runs: evaluation 100, rank metrics 200, robustness 300; the analyses go after 400. */
    int order();

    /** The {@code phase} of its progress event ({@code api-contract.md} §5.6). */
    String phase();

    /** Whether the experiment asks for it; the phases every run has need not say. */
    default boolean appliesTo(ExperimentSettings settings) {
        return true;
    }

    /**
     * Whether the state of the phases before it is written as it starts (behind it, not holding it
     * up), so a failure here keeps what they found. A phase that computes in milliseconds from what
     * the run already holds says no: its failure is not worth a transaction on every run.
     */
    default boolean savesStateBefore() {
        return true;
    }

    Uni<RunState> run(RunContext context, RunState state);
}
