package org.strategylab.eventlog.topics;

/** The owned topics could not be created or checked. */
public class TopicProvisioningException extends RuntimeException {

    public TopicProvisioningException(String message, Throwable cause) {
        super(message, cause);
    }
}
