package org.strategylab.eventlog;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * What the log knows about each kind of operation: which event types end it, which events a
 * reaper appends when its worker died, and where its persisted final state lives.
 */
public final class OperationKinds {

    /** Event types after which an operation's stream ends (api-contract.md §5, plus the generic ones). */
    public static final Set<String> TERMINAL_TYPES = Set.of(
            "message_end", "experiment_end", "batch_complete", "batch_error", "benchmark_complete",
            "benchmark_error", "sweep_complete", "seed_complete", "discovery_complete", "operation_failed",
            "operation_completed", "operation_cancelled");

    /** Terminal types that mean the operation did not succeed. */
    private static final Set<String> FAILURE_TERMINALS = Set.of("batch_error", "benchmark_error", "operation_failed");

    private OperationKinds() {
    }

    /** Whether an event of this type ends its operation. */
    public static boolean isTerminal(String type) {
        return TERMINAL_TYPES.contains(type);
    }

    /** Whether a terminal event of this type means failure. */
    public static boolean isFailure(String type) {
        return FAILURE_TERMINALS.contains(type);
    }

    /** An event to append: its type and payload. */
    public record PendingEvent(String type, ObjectNode data) {
    }

    /**
     * The events that tell an operation's clients it runs again from the start because its worker
     * died ({@code restart.types}); none for a kind with no such event. An experiment says so in an
     * {@code experiment_progress} of phase {@code restarted}, with the reason.
     */
    public static List<PendingEvent> restartEvents(String kind, String targetId, String reason) {
        if ("experiment".equals(kind) && targetId != null) {
            return List.of(new PendingEvent("experiment_progress", JsonNodeFactory.instance.objectNode()
                    .put("experimentId", targetId).put("phase", "restarted").put("message", reason)));
        }
        return List.of();
    }

    /**
     * The events that end an operation of this kind whose worker is gone, in order; the last one
     * is terminal. Clients see the same terminal types a normal run ends with, with the reason.
     */
    public static List<PendingEvent> failureEvents(String kind, String reason) {
        ObjectNode error = JsonNodeFactory.instance.objectNode().put("error", reason);
        return switch (kind) {
            case "chat", "workbench_chat" -> List.of(
                    new PendingEvent("error", error),
                    new PendingEvent("message_end", JsonNodeFactory.instance.objectNode().put("reason", "failed")));
            case "experiment" -> List.of(
                    new PendingEvent("experiment_error", error),
                    new PendingEvent("experiment_end", JsonNodeFactory.instance.objectNode().put("status", "error")));
            case "batch" -> List.of(new PendingEvent("batch_error", error));
            case "benchmark" -> List.of(new PendingEvent("benchmark_error", error));
            case "sweep" -> List.of(
                    new PendingEvent("error", error),
                    new PendingEvent("sweep_complete", sweepFailure(reason)));
            case "seed" -> List.of(new PendingEvent("seed_complete",
                    JsonNodeFactory.instance.objectNode().put("error", reason).put("message", reason)));
            default -> List.of(new PendingEvent("operation_failed", error));
        };
    }

    private static ObjectNode sweepFailure(String reason) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.putArray("points");
        node.put("error", reason);
        return node;
    }

    /**
     * Where a client finds the persisted final state of an operation, e.g. after a
     * {@code replay_gap}: the experiment or conversation it worked on, or the operation itself.
     */
    public static String statePath(String kind, UUID operationId, String targetId) {
        String own = "/api/v1/operations/" + operationId;
        if (targetId == null || targetId.isBlank()) {
            return own;
        }
        return switch (kind) {
            case "chat" -> "/api/v1/strategies/" + targetId;
            case "experiment", "workbench_chat" -> "/api/v1/experiments/" + targetId;
            case "discovery" -> "/api/v1/strategy-discovery/" + targetId;
            default -> own;
        };
    }
}
