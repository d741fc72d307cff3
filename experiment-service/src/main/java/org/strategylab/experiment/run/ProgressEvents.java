package org.strategylab.experiment.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import java.util.UUID;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.eventlog.operation.OperationHandle;

/** The {@code experiment_progress} events of one experiment, on its operation's stream. */
public final class ProgressEvents {

    private final OperationHandle handle;
    private final UUID experimentId;

    public ProgressEvents(OperationHandle handle, UUID experimentId) {
        this.handle = handle;
        this.experimentId = experimentId;
    }

    /** Progress nobody follows: a re-evaluation runs inside its request, not as an operation. */
    public static ProgressEvents none(UUID experimentId) {
        return new ProgressEvents(null, experimentId);
    }

    /**
     * An {@code experiment_progress} event; {@code extra} fields (e.g. {@code metrics}) are added to
     * it. Completes at once; the operation's end waits until the event is in the log.
     */
    public Uni<Void> emit(String phase, String message, Object extra) {
        if (handle == null) {
            return Uni.createFrom().voidItem();
        }
        ObjectNode data = EvaluationJson.mapper().createObjectNode().put("experimentId", experimentId.toString())
                .put("phase", phase);
        if (message != null) {
            data.put("message", message);
        }
        if (extra != null) {
            JsonNode fields = EvaluationJson.mapper().valueToTree(extra);
            if (fields.isObject()) {
                data.setAll((ObjectNode) fields);
            }
        }
        // posted, not awaited: the run goes on, and its end waits until every progress event is in the log
        return handle.post("experiment_progress", data);
    }

    public OperationHandle handle() {
        return handle;
    }
}
