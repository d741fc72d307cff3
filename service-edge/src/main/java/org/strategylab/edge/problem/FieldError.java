package org.strategylab.edge.problem;

/**
 * One offending input of a request.
 *
 * @param pointer where it is: a JSON pointer into the body ({@code /config/siteId}), or
 *                {@code query:name}, {@code path:name}, {@code header:name} for other inputs
 * @param message what is wrong with it
 */
public record FieldError(String pointer, String message) {
}
