package org.strategylab.experiment.messaging;

import java.util.List;

/**
 * What a {@code threshold-sweep} command sweeps: the values are generated and checked before the
 * command is written, so a worker only evaluates them.
 *
 * @param parameterName the swept parameter
 * @param sweepType     {@code numeric} or {@code categorical}
 * @param values        the values as they reach the site (clean decimal strings for numeric sweeps)
 */
public record SweepPlan(String parameterName, String sweepType, List<String> values) {

    public SweepPlan {
        values = values == null ? List.of() : List.copyOf(values);
    }

    public boolean numeric() {
        return "numeric".equals(sweepType);
    }
}
