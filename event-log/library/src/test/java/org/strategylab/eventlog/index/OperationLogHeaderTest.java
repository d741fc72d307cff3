package org.strategylab.eventlog.index;

import org.junit.jupiter.api.Test;

import java.time.OffsetDateTime;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OperationLogHeaderTest {

    private static final UUID ID = UUID.randomUUID();

    @Test
    void carriesWhereTheOperationsEventsAreAndWhatItWorksOn() {
        OperationRecord registered = new OperationRecord(ID, "alice", "chat", "conversation 1; ü/ä", "chat.events", 3,
                1_234_567_890_123L, 42L, OperationStatus.ACTIVE, false, "worker-1",
                OffsetDateTime.now().plusSeconds(30), OffsetDateTime.now(), null);
        OperationRecord read = OperationLogHeader.parse(OperationLogHeader.of(registered), ID, "alice").orElseThrow();
        assertEquals(ID, read.id());
        assertEquals("alice", read.ownerId());
        assertEquals("chat", read.type());
        assertEquals("conversation 1; ü/ä", read.targetId());
        assertEquals("chat.events", read.topic());
        assertEquals(3, read.partition());
        assertEquals(1_234_567_890_123L, read.firstOffset());
        assertEquals(42L, read.epoch());
        assertTrue(read.active());
        assertTrue(OperationLogHeader.of(registered).chars().allMatch(c -> c > ' ' && c < 0x7F), "a plain ASCII header");
    }

    @Test
    void anOperationWithoutATargetHasNone() {
        OperationRecord registered = new OperationRecord(ID, "bob", "seed", null, "experiment.events", 0, 0L, 7L,
                OperationStatus.ACTIVE, false, null, null, null, null);
        assertNull(OperationLogHeader.parse(OperationLogHeader.of(registered), ID, "bob").orElseThrow().targetId());
    }

    @Test
    void aMissingOrMalformedValueDescribesNothing() {
        for (String value : new String[]{null, "", "chat", "chat;chat.events;0;5;1", ";chat.events;0;5;1;",
                "chat;;0;5;1;", "chat;chat.events;x;5;1;", "chat;chat.events;0;-5;1;", "chat;chat.events;-1;5;1;",
                "chat;chat.events;0;5;one;", "chat;chat.events;0;5;1;%zz"}) {
            assertTrue(OperationLogHeader.parse(value, ID, "alice").isEmpty(), String.valueOf(value));
        }
        assertTrue(OperationLogHeader.parse("chat;chat.events;0;5;1;", null, "alice").isEmpty());
        assertTrue(OperationLogHeader.parse("chat;chat.events;0;5;1;", ID, null).isEmpty());
    }
}
