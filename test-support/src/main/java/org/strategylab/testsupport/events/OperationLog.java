package org.strategylab.testsupport.events;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.OperationKinds;
import org.strategylab.eventlog.contract.EventContract;
import org.strategylab.eventlog.index.OperationRecord;
import org.strategylab.eventlog.index.OperationsIndex;
import org.strategylab.eventlog.replay.ReplayReader;
import org.strategylab.eventlog.replay.TopicPositions;

/**
 * Reads an operation's events from the log as the gateway does (its partition, from its first
 * offset), for tests of a service that runs operations; give it the service's own event-log beans.
 * Every event read is checked against the event contract ({@code event-log/asyncapi.yaml}), so a
 * test whose producer sends an undocumented payload fails ({@code ContractViolationException}).
 */
public final class OperationLog {

    private final OperationsIndex index;
    private final ReplayReader reader;
    private final TopicPositions positions;

    public OperationLog(OperationsIndex index, ReplayReader reader, TopicPositions positions) {
        this.index = index;
        this.reader = reader;
        this.positions = positions;
    }

    /** Every event of the operation so far, in order. */
    public List<EventEnvelope> read(String operationId) {
        UUID id = UUID.fromString(operationId);
        OperationRecord record = index.find(id).await().atMost(Duration.ofSeconds(10)).orElseThrow();
        long end = positions.endOffset(record.topic(), record.partition()).await().atMost(Duration.ofSeconds(10));
        List<EventEnvelope> events = new ArrayList<>();
        reader.read(record.topic(), record.partition(), record.firstOffset(), end, id, event -> events.add(event.envelope()));
        events.forEach(EventContract.bundled()::check);
        return events;
    }

    /** Waits until the operation's terminal event is in the log; answers all its events. */
    public List<EventEnvelope> awaitEnd(String operationId, Duration within) {
        List<List<EventEnvelope>> seen = new ArrayList<>(List.of(List.of()));
        await().atMost(within).pollInterval(Duration.ofMillis(200)).until(() -> {
            List<EventEnvelope> events = read(operationId);
            seen.set(0, events);
            return !events.isEmpty() && OperationKinds.isTerminal(events.get(events.size() - 1).type());
        });
        return seen.get(0);
    }

    /** The event types, in order. */
    public static List<String> types(List<EventEnvelope> events) {
        return events.stream().map(EventEnvelope::type).toList();
    }
}
