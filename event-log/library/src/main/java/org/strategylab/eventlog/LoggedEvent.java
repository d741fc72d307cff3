package org.strategylab.eventlog;

/**
 * An event together with where it sits in the log; the position becomes the SSE cursor.
 *
 * @param envelope  the event
 * @param partition the topic partition holding the operation
 * @param offset    the record's offset in that partition
 */
public record LoggedEvent(EventEnvelope envelope, int partition, long offset) {
}
