package org.strategylab.chat.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.jboss.logging.Logger;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.eventlog.index.OperationStatus;

/**
 * The events of one chat turn (spec §6, payloads of api-contract.md §5.4), appended to the turn's
 * operation in call order. Appending never waits for the broker: the log keeps the order, and a
 * turn must not stall its token stream on acknowledgements.
 */
public class TurnEvents {

    private static final Logger LOG = Logger.getLogger(TurnEvents.class);
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final OperationHandle handle;
    private final ObjectMapper mapper;

    public TurnEvents(OperationHandle handle, ObjectMapper mapper) {
        this.handle = handle;
        this.mapper = mapper;
    }

    /** For a sink that keeps the events itself instead of appending them (it overrides {@link #emit} and {@link #end}). */
    protected TurnEvents(ObjectMapper mapper) {
        this(null, mapper);
    }

    /** Turns a payload into the JSON an event carries. */
    protected JsonNode json(Object payload) {
        return payload instanceof JsonNode node ? node : mapper.valueToTree(payload);
    }

    public static ObjectNode object() {
        return JSON.objectNode();
    }

    /** Appends an event whose payload is any value Jackson writes as an object. */
    public void emit(String type, Object payload) {
        JsonNode data = json(payload);
        try {
            handle.emit(type, data).subscribe().with(appended -> { }, failure ->
                    LOG.warnf("event %s of operation %s was not appended: %s", type, handle.id(), failure.getMessage()));
        } catch (IllegalStateException ended) {
            // a sub-agent still winding down after its cancelled turn ended: nothing may follow the end
            LOG.debugf("event %s after the end of operation %s dropped", type, handle.id());
        }
    }

    public void assistantDelta(String messageId, String delta) {
        emit("assistant_delta", object().put("messageId", messageId).put("delta", delta));
    }

    public void reasoning(String text) {
        emit("reasoning", object().put("reasoning", text));
    }

    public void error(String message) {
        emit("error", object().put("error", message));
    }

    /** Appends the terminal {@code message_end} and marks the operation; waits until both are done. */
    public void end(ObjectNode usage, OperationStatus status) {
        handle.end("message_end", usage, status).await().indefinitely();
    }

    public boolean cancelRequested() {
        return handle.cancelRequested();
    }

    public String operationId() {
        return handle.id().toString();
    }
}
