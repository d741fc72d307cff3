package org.strategylab.chat.api;

/**
 * {@code PATCH /api/v1/strategies/{id}}: JSON merge-patch of the name and description.
 *
 * @param name        a new name (1 to 255 characters)
 * @param description a new description (at most 4000 characters; empty clears it)
 */
public record StrategyPatch(String name, String description) {
}
