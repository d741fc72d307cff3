package org.strategylab.chat.api;

/**
 * {@code POST /api/v1/strategies/{id}/duplicate}.
 *
 * @param name the copy's name (1 to 255 characters); absent: "Copy of" and the original's name
 */
public record DuplicateRequest(String name) {
}
