package org.strategylab.experiment.support;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.index.OperationLogHeader;
import org.strategylab.eventlog.index.OperationRecord;
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

    /**
     * What a 202's {@code X-StrategyLab-Operation-Log} says of its operation, checked against the
     * index: the gateway opens a POST's stream from the header alone, so it must name the same
     * topic, partition, first offset, epoch, kind and target as the registered operation.
     *
     * @return the operation's id
     */
    public String assertLogHeader(io.restassured.response.Response answer, String owner) {
        String operationId = answer.jsonPath().getString("operationId");
        UUID id = UUID.fromString(operationId);
        OperationRecord said = OperationLogHeader.parse(answer.header(OperationLogHeader.NAME), id, owner)
                .orElseThrow(() -> new AssertionError("no usable " + OperationLogHeader.NAME + " in " + answer.headers()));
        OperationRecord indexed = index.findOwned(id, owner).await().atMost(Duration.ofSeconds(5))
                .orElseThrow(() -> new AssertionError("operation " + id + " is not in the index"));
        List<Object> expected = List.of(indexed.type(), indexed.topic(), indexed.partition(), indexed.firstOffset(),
                indexed.epoch(), String.valueOf(indexed.targetId()));
        List<Object> actual = List.of(said.type(), said.topic(), said.partition(), said.firstOffset(), said.epoch(),
                String.valueOf(said.targetId()));
        if (!expected.equals(actual)) {
            throw new AssertionError("the header says " + actual + ", the index " + expected);
        }
        return operationId;
    }

    /** The event types, in order. */
    public static List<String> types(List<EventEnvelope> events) {
        return OperationLog.types(events);
    }
}
