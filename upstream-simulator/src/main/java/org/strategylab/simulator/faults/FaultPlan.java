package org.strategylab.simulator.faults;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A run's fault settings, as read from {@code --faults}, {@code STRATEGYLAB_SIMULATOR_FAULTS} or
 * {@code PUT /__simulator/faults}. Every field is optional; absent means "no such fault".
 *
 * @param path               regular expression a request path must match for latency, errors and timeouts (default: all)
 * @param latency            added latency
 * @param errorRate          probability [0,1] of answering {@code errorStatus} instead of handling the request
 * @param errorStatus        500 (default), 502, 503 or 504, with WDK's text/plain bodies
 * @param timeoutRate        probability of never answering (the connection is closed after {@code timeoutHoldMs})
 * @param timeoutHoldMs      how long a timed-out request is held (default 120000)
 * @param delayedResultRate  probability that a report request answers 202 {@code WDK-DELAYED-RESULT}
 * @param failNext           the next N matching requests answer {@code errorStatus}
 * @param timeoutNext        the next N matching requests time out
 * @param delayedResultNext  the next N report requests answer 202 {@code WDK-DELAYED-RESULT}
 * @param analysisFirstRun   SUCCEEDS (default), ERRORS_ON_COMBINED_STEPS or ERRORS
 * @param analysisRunTimeMs  how long an analysis run takes before COMPLETE (default 100)
 * @param tokenTtlSeconds    tokens older than this are expired (the caller becomes a new guest)
 * @param seed               seed of the fault dice, for reproducible runs
 * @param method             HTTP method a request must have for {@code refuseNext} (default: any)
 * @param refuseNext         the next N matching requests (of {@code method}) answer {@code refuseStatus}
 * @param refuseStatus       4xx status of {@code refuseNext} (default 404)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = false)
public record FaultPlan(String path, Latency latency, Double errorRate, Integer errorStatus, Double timeoutRate,
                        Long timeoutHoldMs, Double delayedResultRate, Integer failNext, Integer timeoutNext,
                        Integer delayedResultNext, AnalysisFirstRun analysisFirstRun, Long analysisRunTimeMs,
                        Long tokenTtlSeconds, Long seed, String method, Integer refuseNext, Integer refuseStatus) {

    public static final FaultPlan NONE = new FaultPlan(null, null, null, null, null, null, null, null, null, null,
            null, null, null, null, null, null, null);

    /** Checks every field; throws {@link IllegalArgumentException} naming the first problem. */
    public FaultPlan validated() {
        if (path != null) {
            java.util.regex.Pattern.compile(path);
        }
        if (latency != null) {
            latency.validated();
        }
        rate("errorRate", errorRate);
        rate("timeoutRate", timeoutRate);
        rate("delayedResultRate", delayedResultRate);
        if (errorStatus != null && (errorStatus < 500 || errorStatus > 599)) {
            throw new IllegalArgumentException("errorStatus must be a 5xx status");
        }
        nonNegative("failNext", failNext == null ? null : failNext.longValue());
        nonNegative("refuseNext", refuseNext == null ? null : refuseNext.longValue());
        if (refuseStatus != null && (refuseStatus < 400 || refuseStatus > 499)) {
            throw new IllegalArgumentException("refuseStatus must be a 4xx status");
        }
        nonNegative("timeoutNext", timeoutNext == null ? null : timeoutNext.longValue());
        nonNegative("delayedResultNext", delayedResultNext == null ? null : delayedResultNext.longValue());
        nonNegative("timeoutHoldMs", timeoutHoldMs);
        nonNegative("analysisRunTimeMs", analysisRunTimeMs);
        nonNegative("tokenTtlSeconds", tokenTtlSeconds);
        return this;
    }

    private static void rate(String name, Double value) {
        if (value != null && (value < 0 || value > 1)) {
            throw new IllegalArgumentException(name + " must be between 0 and 1");
        }
    }

    private static void nonNegative(String name, Long value) {
        if (value != null && value < 0) {
            throw new IllegalArgumentException(name + " must not be negative");
        }
    }
}
