package org.strategylab.eventlog.cursor;

/** A cursor that is not one this log issued (truncated, edited, or from another system). */
public class InvalidCursorException extends RuntimeException {

    public InvalidCursorException(String message) {
        super(message);
    }
}
