package org.strategylab.experiment.api;

/**
 * The 202 of {@code POST /api/v1/strategy-discovery}: subscribe to {@code operationId}'s events, or
 * read the discovery at {@code statePath} (also the answer's {@code Location}).
 *
 * @param operationId the operation (the discovery's id too)
 * @param discoveryId the discovery
 * @param statePath   {@code /api/v1/strategy-discovery/{discoveryId}}
 */
public record DiscoveryStarted(String operationId, String discoveryId, String statePath) {
}
