package org.strategylab.chat.api;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;

/**
 * {@code POST /api/v1/strategies/import}: a strategy of the caller's on a VEuPathDB site, brought
 * into a new conversation.
 *
 * @param siteId     the site it is on
 * @param strategyId its id on the site
 */
public record ImportRequest(
        @NotNull @Pattern(regexp = "[a-z0-9_-]{1,64}", message = "must be a site id") String siteId,
        @NotNull @Positive Long strategyId) {
}
