package org.strategylab.chat.agent.delegation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;
import org.strategylab.chat.agent.TurnEvents;
import org.strategylab.chat.tools.TurnScope;
import org.strategylab.eventlog.index.OperationStatus;

/**
 * A sub-agent's events in its parent turn's stream: its tool calls as {@code subagent_tool_call_*}
 * (with the task), graph changes as they are, errors prefixed with the task; its own text, thinking
 * and ending stay out (the orchestrator reports the task's end).
 */
final class SubAgentEvents extends TurnEvents {

    private static final Set<String> GRAPH = Set.of("strategy_update", "graph_snapshot", "strategy_link");

    private final TurnScope parent;
    private final String task;

    SubAgentEvents(TurnScope parent, String task, ObjectMapper mapper) {
        super(mapper);
        this.parent = parent;
        this.task = task;
    }

    @Override
    public void emit(String type, Object payload) {
        JsonNode data = json(payload);
        switch (type) {
            case "tool_call_start", "tool_call_end" -> {
                ObjectNode relayed = TurnEvents.object().put("task", task);
                relayed.setAll((ObjectNode) data);
                parent.emit("subagent_" + type, relayed);
            }
            case "error" -> parent.emit("error", TurnEvents.object()
                    .put("error", "task \"" + task + "\": " + data.path("error").asText()).put("task", task));
            default -> {
                if (GRAPH.contains(type)) {
                    parent.emit(type, data);
                }
            }
        }
    }

    @Override
    public void end(ObjectNode usage, OperationStatus status) {
        // the orchestrator reports the task's end (subagent_task_end)
    }

    @Override
    public boolean cancelRequested() {
        return false;
    }

    @Override
    public String operationId() {
        return "sub-agent " + task;
    }
}
