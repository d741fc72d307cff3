package org.strategylab.chat.api;

/**
 * {@code POST /api/v1/strategies/{id}/push}.
 *
 * @param isSaved whether the site should keep it among the user's saved strategies (default true)
 */
public record PushRequest(Boolean isSaved) {
}
