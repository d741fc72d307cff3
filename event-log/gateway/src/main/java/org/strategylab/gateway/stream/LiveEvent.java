package org.strategylab.gateway.stream;

import java.nio.charset.StandardCharsets;
import org.strategylab.eventlog.LoggedEvent;
import org.strategylab.eventlog.cursor.Cursor;
import org.strategylab.eventlog.cursor.CursorCodec;

/**
 * An event on its way to streams, with its SSE frame built once: every subscriber of an operation
 * gets the same bytes (same cursor, type and payload), so a fan-out to many clients costs one
 * encoding, not one per client.
 */
final class LiveEvent {

    private final LoggedEvent event;
    private volatile byte[] frame;

    LiveEvent(LoggedEvent event) {
        this.event = event;
    }

    LoggedEvent event() {
        return event;
    }

    long offset() {
        return event.offset();
    }

    long seq() {
        return event.envelope().seq();
    }

    String type() {
        return event.envelope().type();
    }

    /** {@code id:}, {@code event:} and {@code data:} lines and the blank line, as UTF-8. */
    byte[] frame(long epoch) {
        byte[] bytes = frame;
        if (bytes == null) {
            // two event loops may build it at once; both build the same bytes
            String id = CursorCodec.encode(new Cursor(event.envelope().operationId(), epoch, event.partition(),
                    event.offset(), event.envelope().seq()));
            bytes = ("id: " + id + "\nevent: " + event.envelope().type() + "\ndata: " + event.envelope().dataJson()
                    + "\n\n").getBytes(StandardCharsets.UTF_8);
            frame = bytes;
        }
        return bytes;
    }
}
