package org.strategylab.chat.api;

/**
 * {@code POST /api/v1/strategies/{id}/push}.
 *
 * @param isSaved whether the site should keep it among the user's saved strategies (default true)
 * @param name    the name to save it under (1 to 255 characters): the conversation is renamed to it
 *                first; absent: the conversation's name
 */
public record PushRequest(Boolean isSaved, String name) {
}
