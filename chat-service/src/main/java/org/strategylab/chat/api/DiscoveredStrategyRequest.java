package org.strategylab.chat.api;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/**
 * A strategy a discovery proposed, to open as a new conversation.
 *
 * @param discoveryId the caller's strategy discovery (experiment-service's {@code discoveryId})
 * @param rank        which of its strategies (1 the best; none: the recommended one)
 */
public record DiscoveredStrategyRequest(
        @NotNull @Pattern(regexp = "[0-9a-fA-F-]{36}", message = "must be a discovery id (a UUID)") String discoveryId,
        @Min(1) @Max(20) Integer rank) {
}
