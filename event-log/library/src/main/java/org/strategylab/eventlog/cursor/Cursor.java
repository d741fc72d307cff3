package org.strategylab.eventlog.cursor;

import java.util.UUID;

/**
 * Where a reader of one operation's events stands: the event it last received. Sent to clients as
 * the opaque SSE {@code id:} (see {@link CursorCodec}).
 *
 * @param operationId the operation, so a cursor of another operation is refused
 * @param epoch       the topic's identity when the event was written; a recreated topic has another
 * @param partition   the partition holding the operation
 * @param offset      the offset of the event last received; reading resumes after it
 * @param seq         the event's per-operation sequence number
 */
public record Cursor(UUID operationId, long epoch, int partition, long offset, long seq) {
}
