package org.strategylab.chat.tools.research;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.strategylab.chat.provider.ModelChoice;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.TurnScope;

/** A turn scope that records the events tools emit, as JSON. */
final class RecordingScope implements TurnScope {

    private static final ObjectMapper JSON = new ObjectMapper();

    record Event(String type, JsonNode payload) {
    }

    final List<Event> events = new CopyOnWriteArrayList<>();

    @Override
    public ModelChoice model() {
        throw new IllegalStateException("research tools need no model");
    }

    @Override
    public void emit(String type, Object payload) {
        events.add(new Event(type, JSON.valueToTree(payload)));
    }

    @Override
    public void whenCancelled(Runnable action) {
    }

    List<JsonNode> of(String type) {
        return events.stream().filter(e -> e.type().equals(type)).map(Event::payload).toList();
    }

    /** A tool context for alice's conversation on plasmodb, emitting into this scope. */
    ToolContext context(UUID strategyId) {
        return new ToolContext("alice", "token", "plasmodb", strategyId, null, this);
    }
}
