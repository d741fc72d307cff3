package org.strategylab.testsupport.sse;

/**
 * One dispatched server-sent event: its {@code id:} (null when the frame had none), its
 * {@code event:} type ({@code message} when none was given) and its {@code data:} lines joined
 * with newlines.
 */
public record SseEvent(String id, String type, String data) {
}
