package org.strategylab.eventlog.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.OperationKinds;

class EventContractTest {

    private static final EventContract CONTRACT = EventContract.bundled();

    private static EventEnvelope event(String type, ObjectNode data) {
        return new EventEnvelope(UUID.randomUUID(), 1, type, Instant.now(), data);
    }

    private static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    @Test
    void aDocumentedPayloadMatches() {
        ObjectNode progress = object().put("experimentId", UUID.randomUUID().toString()).put("phase", "cross_validating")
                .put("message", "fold 1 of 5").put("cvFoldIndex", 0).put("cvTotalFolds", 5);
        assertEquals(List.of(), CONTRACT.violations(event("experiment_progress", progress)));
        assertEquals(List.of(), CONTRACT.violations(event("experiment_end", object().put("status", "completed"))));
    }

    @Test
    void aliasesInTheYamlAreResolvedInTheTree() {
        // asyncapi.yaml shares schemas through anchors (&id001 … *id001): the tree must hold the
        // shared object at both places, never the anchor's name as a string
        EventContract contract = EventContract.parse("""
                asyncapi: 3.0.0
                components:
                  schemas:
                    A:
                      properties:
                        n: &count
                          type: integer
                    B:
                      properties:
                        n: *count
                  messages:
                    m:
                      headers: &shared
                        type: object
                    k:
                      headers: *shared
                """);
        assertEquals("integer", contract.document().at("/components/schemas/B/properties/n/type").asText());
        assertEquals(contract.document().at("/components/messages/m/headers"),
                contract.document().at("/components/messages/k/headers"));
        assertEquals("#/components/schemas/RecordHeaders",
                CONTRACT.document().at("/components/messages/experiment_end/headers/$ref").asText());
        assertEquals("integer",
                CONTRACT.document().at("/components/schemas/SeedItemErrorData/properties/current/type").asText());
    }

    @Test
    void aDuplicateKeyIsNotAContract() {
        assertThrows(IllegalArgumentException.class, () -> EventContract.parse("""
                components:
                  messages: {}
                  messages: {}
                """));
    }

    @Test
    void anUndocumentedFieldIsAViolation() {
        List<String> found = CONTRACT.violations(event("experiment_end", object().put("status", "completed")
                .put("durationMs", 12)));
        assertEquals(1, found.size(), found.toString());
        assertTrue(found.get(0).contains("durationMs"), found.toString());
    }

    @Test
    void aMissingRequiredFieldOrAWrongTypeIsAViolation() {
        assertFalse(CONTRACT.violations(event("experiment_end", object())).isEmpty());
        assertFalse(CONTRACT.violations(event("sweep_point", object().put("point", "0.5").put("completedCount", 1)
                .put("totalCount", 3))).isEmpty());
        assertFalse(CONTRACT.violations(event("experiment_progress", object().put("experimentId", "x")
                .put("phase", "thinking"))).isEmpty(), "a phase outside the enum");
    }

    @Test
    void anUndocumentedTypeIsAViolation() {
        List<String> found = CONTRACT.violations(event("experiment_finished", object()));
        assertEquals(1, found.size());
        assertTrue(found.get(0).contains("experiment_finished"), found.toString());
        assertThrows(ContractViolationException.class, () -> CONTRACT.check(event("experiment_finished", object())));
    }

    @Test
    void anEnvelopeWithoutItsFieldsIsAViolation() {
        ObjectNode record = object().put("type", "experiment_end");
        record.set("data", object().put("status", "completed"));
        List<String> found = CONTRACT.violations(record);
        assertTrue(found.stream().anyMatch(v -> v.contains("operationId")), found.toString());
        assertTrue(found.stream().anyMatch(v -> v.contains("seq")), found.toString());
    }

    /** What the reaper writes for a dead worker of every kind is documented too. */
    @Test
    void everyKindsFailureEventsMatch() {
        for (String kind : List.of("chat", "workbench_chat", "experiment", "batch", "benchmark", "sweep", "seed",
                "cross-validate")) {
            for (OperationKinds.PendingEvent pending : OperationKinds.failureEvents(kind, "the worker died")) {
                assertEquals(List.of(), CONTRACT.violations(event(pending.type(), pending.data())), kind + " " + pending.type());
            }
        }
    }

    /** The document's terminal messages are exactly the types after which the log ends an operation. */
    @Test
    void terminalMessagesAreTheLogsTerminalTypes() {
        Set<String> terminal = new HashSet<>();
        CONTRACT.document().path("components").path("messages").fields().forEachRemaining(message -> {
            if (CONTRACT.isTerminal(message.getKey())) {
                terminal.add(message.getKey());
            }
        });
        assertEquals(OperationKinds.TERMINAL_TYPES, terminal);
    }

    @Test
    void theEventTopicsCarryTheirEvents() {
        Set<String> experiment = CONTRACT.eventTypes("experiment.events");
        assertTrue(experiment.containsAll(List.of("experiment_progress", "experiment_complete", "experiment_error",
                "experiment_end", "batch_complete", "batch_error", "benchmark_complete", "benchmark_error", "sweep_point",
                "sweep_complete", "seed_progress", "seed_complete")), experiment.toString());
        Set<String> chat = CONTRACT.eventTypes("chat.events");
        assertTrue(chat.containsAll(List.of("user_message", "message_start", "assistant_delta", "tool_call_start",
                "subagent_task_end", "strategy_update", "graph_snapshot", "optimization_progress", "message_end")),
                chat.toString());
        assertFalse(chat.contains("experiment_end"));
        assertTrue(CONTRACT.version().matches("\\d+\\.\\d+\\.\\d+"), CONTRACT.version());
    }
}
