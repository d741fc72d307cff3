package org.strategylab.simulator.faults;

/**
 * What to do to one request.
 *
 * @param delayMs latency to add before acting
 * @param action  what to answer after the delay
 * @param status  the status for {@link Action#ERROR}
 * @param holdMs  for {@link Action#TIMEOUT}: how long to hold the connection before closing it; for
 *                {@link Action#ANSWER_LATE}: how long to hold the answer of the request, which is carried out
 */
public record FaultDecision(long delayMs, Action action, int status, long holdMs) {

    public enum Action { PROCEED, ERROR, TIMEOUT, DELAYED_RESULT, ANSWER_LATE }

    public static final FaultDecision PROCEED = new FaultDecision(0, Action.PROCEED, 0, 0);
}
