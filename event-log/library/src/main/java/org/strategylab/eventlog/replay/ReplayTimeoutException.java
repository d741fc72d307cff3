package org.strategylab.eventlog.replay;

/** The broker did not deliver a range it reported as written, in time. */
public class ReplayTimeoutException extends RuntimeException {

    public ReplayTimeoutException(String message) {
        super(message);
    }
}
