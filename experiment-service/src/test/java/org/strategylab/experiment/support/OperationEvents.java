package org.strategylab.experiment.support;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.index.OperationsIndex;
import org.strategylab.eventlog.replay.ReplayReader;
import org.strategylab.eventlog.replay.TopicPositions;
import org.strategylab.testsupport.events.OperationLog;

/** Reads an operation's events from the log as the gateway does (test-support's {@link OperationLog}, as a bean). */
@ApplicationScoped
public class OperationEvents {

    @Inject
    OperationsIndex index;

    @Inject
    ReplayReader reader;

    @Inject
    TopicPositions positions;

    private OperationLog log() {
        return new OperationLog(index, reader, positions);
    }

    /** Every event of the operation so far, in order. */
    public List<EventEnvelope> read(String operationId) {
        return log().read(operationId);
    }

    /** Waits until the operation's terminal event is in the log; answers all its events. */
    public List<EventEnvelope> awaitEnd(String operationId, Duration within) {
        return log().awaitEnd(operationId, within);
    }

    /** The event types, in order. */
    public static List<String> types(List<EventEnvelope> events) {
        return OperationLog.types(events);
    }
}
