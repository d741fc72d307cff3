package org.strategylab.experiment.api;

/**
 * The 202 answer of an operation-starting POST: subscribe to {@code operationId}'s events
 * ({@code GET /api/v1/operations/{operationId}/subscribe}), or send {@code Accept: text/event-stream}
 * to the POST and the gateway streams them at once.
 *
 * @param experimentId the experiment the operation runs (null for batch, benchmark and seed runs)
 * @param statePath    where the persisted result is read
 */
public record OperationStarted(String operationId, String experimentId, String statePath) {
}
