package org.strategylab.experiment.analysis.discovery;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.UUID;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.eventlog.index.OperationStatus;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.experiment.client.FailureText;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.persistence.DiscoveryRepository;
import org.strategylab.experiment.run.OperationRun;

/**
 * A strategy discovery as an operation: {@code discovery_progress} events as it goes, then its result
 * stored and {@code discovery_complete}; a failure ends it with {@code operation_failed} (its row
 * {@code error}), a cancel with {@code operation_cancelled} (its row {@code cancelled}).
 */
@ApplicationScoped
public class DiscoveryRun implements OperationRun {

    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(DiscoveryRun.class);

    @Inject
    DiscoveryWork work;

    @Inject
    DiscoveryRepository discoveries;

    @Override
    public String type() {
        return ExperimentCommand.STRATEGY_DISCOVERY;
    }

    @Override
    public Uni<Void> run(OperationHandle handle, ExperimentCommand command) {
        ExperimentCommand.Discovery discovery = (ExperimentCommand.Discovery) command;
        UUID id = UUID.fromString(command.operationId());
        DiscoveryProgress progress = (phase, message, fields) -> {
            ObjectNode data = EvaluationJson.mapper().createObjectNode().put("discoveryId", id.toString())
                    .put("phase", phase).put("message", message);
            data.setAll((ObjectNode) EvaluationJson.mapper().valueToTree(fields));
            return handle.post("discovery_progress", data);
        };
        return discoveries.update(id, "running", null, null)
                .chain(() -> work.discover(command.token(), id.toString(), discovery.discovery(), progress))
                .invoke(outcome -> LOG.infof("discovery %s: %s (%d site calls of %d, %.1f s)", id, outcome.message(),
                        outcome.siteCalls(), outcome.budget(), outcome.elapsedSeconds()))
                .chain(outcome -> discoveries.update(id, "completed", outcome, null).chain(() -> {
                    ObjectNode data = EvaluationJson.mapper().createObjectNode().put("discoveryId", id.toString())
                            .put("status", "completed");
                    data.set("result", EvaluationJson.mapper().valueToTree(outcome));
                    return handle.end("discovery_complete", data, OperationStatus.COMPLETED);
                }))
                .onFailure().recoverWithUni(failure -> {
                    String error = "the discovery failed: " + FailureText.of(failure,
                            "an unexpected error; quote the discovery's id when reporting it");
                    return discoveries.update(id, "error", null, error).onFailure().recoverWithNull()
                            .chain(() -> handle.fail(error));
                });
    }

    @Override
    public Uni<Void> cancelled(OperationHandle handle, ExperimentCommand command, long started) {
        UUID id = UUID.fromString(command.operationId());
        return discoveries.update(id, "cancelled", null, "cancelled by its owner").onFailure().recoverWithNull()
                .chain(() -> handle.end("operation_cancelled", EvaluationJson.mapper().createObjectNode()
                        .put("error", "cancelled by its owner"), OperationStatus.CANCELLED));
    }
}
