package org.strategylab.eventlog.append;

import java.util.UUID;

/**
 * An event was refused because {@code strategylab.event-log.producer.queue-capacity} events were
 * already waiting for the producer, which happens when the broker has been away for a while. The
 * operation cannot go on: its handle stops, and the reaper ends it once the broker is back.
 */
public class AppendQueueFullException extends IllegalStateException {

    public AppendQueueFullException(String topic, UUID operationId, int capacity) {
        super("cannot append an event of operation " + operationId + " to " + topic + ": " + capacity
                + " events are already waiting for the broker (strategylab.event-log.producer.queue-capacity)");
    }
}
