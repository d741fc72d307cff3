package org.strategylab.chat.provider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.strategylab.chat.agent.TurnEvents;
import org.strategylab.eventlog.index.OperationStatus;

/** A turn's events kept in memory, in order, instead of appended to the log. */
final class LoopEvents extends TurnEvents {

    /** One event. */
    record Event(String type, JsonNode data) {
    }

    final List<Event> events = new CopyOnWriteArrayList<>();

    LoopEvents() {
        super(new ObjectMapper());
    }

    @Override
    public void emit(String type, Object payload) {
        events.add(new Event(type, json(payload)));
    }

    @Override
    public void end(ObjectNode usage, OperationStatus status) {
        events.add(new Event("message_end", usage));
    }

    @Override
    public boolean cancelRequested() {
        return false;
    }

    @Override
    public String operationId() {
        return "loop-test";
    }

    List<String> types() {
        return events.stream().map(Event::type).toList();
    }

    List<JsonNode> of(String type) {
        return events.stream().filter(e -> e.type().equals(type)).map(Event::data).toList();
    }
}
