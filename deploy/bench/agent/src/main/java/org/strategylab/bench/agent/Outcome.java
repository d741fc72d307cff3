package org.strategylab.bench.agent;

/**
 * One request's run on one model.
 *
 * @param requestId  the request
 * @param model      the catalog id of the model
 * @param status     the turn's end ({@code completed}, {@code failed}, {@code timeout}, …)
 * @param agreement  the answer's genes against the gold genes
 * @param steps      the graph's steps after the turn
 * @param toolCalls  tool calls, sub-agents' included
 * @param modelCalls model calls, sub-agents' included
 * @param tokens     prompt + completion tokens, sub-agents' included
 * @param costUsd    the turn's estimated cost
 * @param seconds    from sending the message to the turn's end
 * @param note       why the answer scored 0 when it did for a reason other than its genes (no step,
 *                   refused by the site), else empty
 */
public record Outcome(String requestId, String model, String status, Agreement agreement, int steps, int toolCalls,
                      int modelCalls, long tokens, double costUsd, double seconds, String note) {
}
