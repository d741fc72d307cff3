package org.strategylab.testsupport.sse;

import java.util.function.Consumer;

/**
 * Reads the {@code text/event-stream} format line by line the way a browser's EventSource does:
 * fields {@code id}, {@code event}, {@code data} (several lines joined with newlines) and
 * {@code retry}; a blank line dispatches the event; lines starting with {@code :} are comments.
 * Push-based, so a blocking reader and a non-blocking one (a Vert.x record parser split at
 * {@code \n}) share it. Not thread-safe: one parser per connection.
 */
public final class SseParser {

    private final Consumer<SseEvent> onEvent;
    private final Consumer<String> onComment;
    private String id;
    private String type;
    private StringBuilder data;
    private String retry;

    /**
     * @param onEvent   called for each dispatched event
     * @param onComment called for each comment line, without the colon and leading space
     */
    public SseParser(Consumer<SseEvent> onEvent, Consumer<String> onComment) {
        this.onEvent = onEvent;
        this.onComment = onComment;
    }

    /** One line, without its line terminator (a trailing {@code \r} is dropped). */
    public void line(String line) {
        if (line.endsWith("\r")) {
            line = line.substring(0, line.length() - 1);
        }
        if (line.isEmpty()) {
            if (data != null || type != null) {
                onEvent.accept(new SseEvent(id, type == null ? "message" : type, data == null ? "" : data.toString()));
            }
            // every event carries its own id in our streams: do not let one leak into the next frame
            id = null;
            type = null;
            data = null;
            return;
        }
        if (line.startsWith(":")) {
            onComment.accept(line.substring(1).trim());
            return;
        }
        int colon = line.indexOf(':');
        String field = colon < 0 ? line : line.substring(0, colon);
        String value = colon < 0 ? "" : line.substring(colon + 1);
        if (value.startsWith(" ")) {
            value = value.substring(1);
        }
        switch (field) {
            case "id" -> id = value;
            case "event" -> type = value;
            case "data" -> data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
            case "retry" -> retry = value;
            default -> { }
        }
    }

    /** The last {@code retry:} value, or null. */
    public String retry() {
        return retry;
    }
}
