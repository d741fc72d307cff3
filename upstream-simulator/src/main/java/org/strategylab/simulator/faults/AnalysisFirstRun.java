package org.strategylab.simulator.faults;

/**
 * Whether a step analysis instance ends in ERROR on its first run. The real sites often fail the first
 * run of an analysis on a combined (boolean) step and succeed on a re-run of the same instance.
 */
public enum AnalysisFirstRun {
    /** Every run succeeds. */
    SUCCEEDS,
    /** The first run of an instance on a boolean step errors. */
    ERRORS_ON_COMBINED_STEPS,
    /** The first run of every instance errors. */
    ERRORS
}
