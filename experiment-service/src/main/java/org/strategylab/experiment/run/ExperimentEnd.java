package org.strategylab.experiment.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.eventlog.index.OperationStatus;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.experiment.api.ExperimentView;

/** How an operation on one experiment ends ({@code api-contract.md} §5.6): always with {@code experiment_end}. */
public final class ExperimentEnd {

    private ExperimentEnd() {
    }

    /** {@code experiment_complete} with the experiment, then {@code experiment_end}. */
    public static Uni<Void> completed(OperationHandle handle, ExperimentView experiment) {
        // posted, not awaited: end() appends the end once the broker has it, one round trip fewer
        return handle.post("experiment_complete", EvaluationJson.mapper().valueToTree(experiment))
                .chain(() -> handle.end("experiment_end", status("completed"), OperationStatus.COMPLETED));
    }

    /** {@code experiment_error} with the reason, then {@code experiment_end}. */
    public static Uni<Void> error(OperationHandle handle, String reason) {
        return handle.post("experiment_error", EvaluationJson.mapper().createObjectNode().put("error", reason))
                .chain(() -> handle.end("experiment_end", status("error"), OperationStatus.FAILED));
    }

    public static Uni<Void> cancelled(OperationHandle handle) {
        return handle.end("experiment_end", status("cancelled"), OperationStatus.CANCELLED);
    }

    private static ObjectNode status(String status) {
        return EvaluationJson.mapper().createObjectNode().put("status", status);
    }
}
