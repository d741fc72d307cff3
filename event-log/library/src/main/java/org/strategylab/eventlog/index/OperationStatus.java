package org.strategylab.eventlog.index;

import java.util.Locale;

/** The life of an operation in the index: active until its terminal event is in the log. */
public enum OperationStatus {
    ACTIVE, COMPLETED, FAILED, CANCELLED;

    /** The lower-case name stored in the index and shown to clients. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Reads a stored status. */
    public static OperationStatus fromWire(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
