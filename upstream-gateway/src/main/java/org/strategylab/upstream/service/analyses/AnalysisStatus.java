package org.strategylab.upstream.service.analyses;

import java.util.Locale;

/**
 * WDK's ExecutionStatus of a step analysis (upstream-wdk.md §3.7) and what the runner does with
 * each: the state machine of spec §3.
 */
enum AnalysisStatus {
    CREATED(Action.START),
    STEP_REVISED(Action.RERUN),
    OUT_OF_DATE(Action.RERUN),
    ERROR(Action.RERUN),
    PENDING(Action.WAIT),
    RUNNING(Action.WAIT),
    COMPLETE(Action.FETCH),
    INVALID(Action.FAIL),
    INTERRUPTED(Action.FAIL),
    EXPIRED(Action.FAIL),
    UNKNOWN(Action.FAIL);

    /** What the runner does next. */
    enum Action {
        /** Keep polling. */
        WAIT,
        /** Fetch the result. */
        FETCH,
        /** Start the run (again): WDK has not registered one; not a failure, so it is not a re-run. */
        START,
        /** Run the same instance again (retriable: combined steps often fail at first). */
        RERUN,
        /** Give up. */
        FAIL
    }

    private final Action action;

    AnalysisStatus(Action action) {
        this.action = action;
    }

    Action action() {
        return action;
    }

    static AnalysisStatus of(String status) {
        if (status == null) {
            return UNKNOWN;
        }
        try {
            return valueOf(status.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return UNKNOWN;
        }
    }
}
