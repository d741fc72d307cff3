package org.strategylab.eventlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class EventEnvelopeTest {

    @Test
    void anEnvelopeSurvivesTheLog() {
        ObjectNode data = JsonNodeFactory.instance.objectNode().put("delta", "line one\nline \"two\"").put("n", 3);
        EventEnvelope event = new EventEnvelope(UUID.randomUUID(), 7, "assistant_delta",
                Instant.parse("2026-11-22T10:15:30.123Z"), data);
        EventEnvelope read = EventEnvelope.fromBytes(event.toBytes());
        assertEquals(event, read);
        // one SSE data line: newlines inside strings stay escaped
        assertTrue(!read.dataJson().contains("\n"));
    }

    @Test
    void aMissingPayloadIsAnEmptyObject() {
        EventEnvelope event = new EventEnvelope(UUID.randomUUID(), 1, "message_end", Instant.now(), null);
        assertEquals("{}", event.dataJson());
    }

    @Test
    void recordsThatAreNotEnvelopesAreRecognised() {
        for (String bad : new String[] {"", "[]", "{\"seq\":1}", "{\"operationId\":\"x\",\"seq\":1,\"type\":\"a\",\"ts\":\"now\"}",
                "{\"operationId\":\"" + UUID.randomUUID() + "\",\"seq\":0,\"type\":\"a\",\"ts\":\"2026-01-01T00:00:00Z\"}"}) {
            assertThrows(IllegalArgumentException.class, () -> EventEnvelope.fromBytes(bad.getBytes(StandardCharsets.UTF_8)), bad);
        }
    }

    @Test
    void everyKindEndsWithATerminalEventWhenItsWorkerDies() {
        for (String kind : new String[] {"chat", "workbench_chat", "experiment", "batch", "benchmark", "sweep", "seed", "test"}) {
            var events = OperationKinds.failureEvents(kind, "gone");
            assertTrue(OperationKinds.isTerminal(events.get(events.size() - 1).type()), kind);
            for (int i = 0; i < events.size() - 1; i++) {
                assertTrue(!OperationKinds.isTerminal(events.get(i).type()), kind);
            }
        }
    }
}
