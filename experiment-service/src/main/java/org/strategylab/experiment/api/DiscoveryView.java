package org.strategylab.experiment.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;

/**
 * A strategy discovery as {@code GET /api/v1/strategy-discovery/{id}} answers it.
 *
 * @param discoveryId       its id (also its operation's)
 * @param operationId       its operation (events, cancel)
 * @param status            {@code queued}, {@code running}, {@code completed}, {@code error} or {@code cancelled}
 * @param request           the request, its controls as the site resolved them
 * @param controlResolution what the resolution changed ({@code resolved, renamed, unknown, duplicates} per list)
 * @param result            the {@link DiscoveryOutcome} once it completed (null before)
 * @param error             what went wrong, for a person
 */
public record DiscoveryView(String discoveryId, String operationId, String siteId, String status, JsonNode request,
                            JsonNode controlResolution, JsonNode result, String error, OffsetDateTime createdAt,
                            OffsetDateTime updatedAt) {
}
