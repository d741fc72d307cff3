package org.strategylab.chat.api;

/**
 * Something the user refers to in a message (spec §1.3): one of their strategies or experiments,
 * loaded as the caller and given to the model as context.
 *
 * @param type        {@code strategy} or {@code experiment}
 * @param id          its id
 * @param displayName how the user's client showed it
 */
public record Mention(String type, String id, String displayName) {
}
