package org.strategylab.chat.support;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.index.OperationsIndex;
import org.strategylab.eventlog.replay.ReplayReader;
import org.strategylab.eventlog.replay.TopicPositions;
import org.strategylab.testsupport.events.OperationLog;

/** A turn's events as the gateway would stream them (test-support's {@link OperationLog} over this service's beans). */
@ApplicationScoped
public class ChatEvents {

    @Inject
    OperationsIndex index;

    @Inject
    ReplayReader reader;

    @Inject
    TopicPositions positions;

    public List<EventEnvelope> awaitEnd(String operationId, Duration within) {
        return new OperationLog(index, reader, positions).awaitEnd(operationId, within);
    }

    public List<EventEnvelope> read(String operationId) {
        return new OperationLog(index, reader, positions).read(operationId);
    }
}
