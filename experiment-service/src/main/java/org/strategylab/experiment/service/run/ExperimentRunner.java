package org.strategylab.experiment.service.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.arc.All;
import io.smallrye.mutiny.TimeoutException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import org.jboss.logging.Logger;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.eventlog.index.OperationStatus;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.client.UpstreamFailure;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.persistence.ExperimentEntity;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.experiment.service.ExperimentViews;

/**
 * Runs one experiment under its operation: {@code pending → running}, every {@link RunPhase} that
 * applies in order (state persisted after each), then {@code completed} with
 * {@code experiment_complete} and {@code experiment_end}; or, on any failure, {@code error} with
 * its text, {@code experiment_error} and {@code experiment_end}, keeping what earlier phases stored.
 */
@ApplicationScoped
public class ExperimentRunner {

    private static final Logger LOG = Logger.getLogger(ExperimentRunner.class);

    @Inject
    ExperimentRepository repository;

    @Inject
    ExperimentViews views;

    @Inject
    ExperimentConfig config;

    @Inject
    @All
    List<RunPhase> phases;

    public Uni<Void> run(OperationHandle handle, ExperimentCommand command) {
        UUID id = UUID.fromString(command.experimentId());
        long started = System.nanoTime();
        return repository.find(id).chain(found -> {
            if (found.isEmpty()) {
                return fail(handle, id, "the experiment was deleted before it ran", started);
            }
            ExperimentEntity entity = found.get();
            if (!ExperimentRepository.PENDING.equals(entity.status) && !ExperimentRepository.RUNNING.equals(entity.status)) {
                // its run already ended (a repeated command): close this operation the same way
                return end(handle, entity.status);
            }
            ExperimentSettings settings = settings(entity);
            RunContext context = new RunContext(id, entity.ownerId, command.token(), settings,
                    targets(entity), ControlSets.of(settings.positiveControls(), settings.negativeControls()),
                    new ProgressEvents(handle, id));
            return repository.update(id, null, row -> row.status = ExperimentRepository.RUNNING)
                    .chain(() -> context.progress().emit("started", "running " + settings.mode() + " experiment", null))
                    .chain(() -> phases(context))
                    .ifNoItem().after(config.runs().timeout()).failWith(() -> new TimeoutException())
                    .chain(state -> complete(handle, id, started))
                    .onFailure().recoverWithUni(failure -> fail(handle, id, describe(failure), started));
        });
    }

    /** Ends the run as cancelled: the row, then the terminal event. */
    public Uni<Void> cancelled(OperationHandle handle, UUID id, long started) {
        return repository.update(id, null, row -> finish(row, ExperimentRepository.CANCELLED, "cancelled by its owner", started))
                .chain(() -> handle.end("experiment_end", status("cancelled"), OperationStatus.CANCELLED));
    }

    private Uni<RunState> phases(RunContext context) {
        Uni<RunState> chain = Uni.createFrom().item(RunState.EMPTY);
        for (RunPhase phase : phases.stream().sorted(Comparator.comparingInt(RunPhase::order)).toList()) {
            if (phase.appliesTo(context.settings())) {
                chain = chain.chain(state -> phase.run(context, state)).call(next -> keep(context.experimentId(), next));
            }
        }
        return chain;
    }

    /** Persists what the run has computed so far. */
    private Uni<Void> keep(UUID id, RunState state) {
        return repository.update(id, null, row -> {
            row.result = EvaluationJson.mapper().valueToTree(state.results());
            row.upstreamStrategyId = state.upstreamStrategyId();
            row.upstreamStepId = state.upstreamStepId();
        }).replaceWithVoid();
    }

    private Uni<Void> complete(OperationHandle handle, UUID id, long started) {
        return repository.update(id, null, row -> finish(row, ExperimentRepository.COMPLETED, null, started))
                .chain(row -> {
                    ProgressEvents progress = new ProgressEvents(handle, id);
                    return progress.emit("completed", "the experiment completed", null)
                            .chain(() -> handle.emit("experiment_complete",
                                    EvaluationJson.mapper().valueToTree(views.view(row.orElseThrow()))))
                            .chain(() -> handle.end("experiment_end", status("completed"), OperationStatus.COMPLETED));
                });
    }

    private Uni<Void> fail(OperationHandle handle, UUID id, String error, long started) {
        LOG.infof("experiment %s failed: %s", id, error);
        ObjectNode failure = EvaluationJson.mapper().createObjectNode().put("experimentId", id.toString())
                .put("phase", "error").put("error", error);
        return repository.update(id, null, row -> finish(row, ExperimentRepository.ERROR, error, started))
                .onFailure().recoverWithNull()
                .chain(() -> handle.emit("experiment_progress", failure))
                .chain(() -> handle.emit("experiment_error", EvaluationJson.mapper().createObjectNode().put("error", error)))
                .chain(() -> handle.end("experiment_end", status("error"), OperationStatus.FAILED));
    }

    private Uni<Void> end(OperationHandle handle, String status) {
        return handle.end("experiment_end", status(status),
                ExperimentRepository.COMPLETED.equals(status) ? OperationStatus.COMPLETED : OperationStatus.FAILED);
    }

    private static void finish(ExperimentEntity row, String status, String error, long started) {
        row.status = status;
        row.error = error;
        row.completedAt = OffsetDateTime.now();
        row.totalTimeSeconds = Math.round((System.nanoTime() - started) / 1e7) / 100.0;
    }

    private static ObjectNode status(String status) {
        return EvaluationJson.mapper().createObjectNode().put("status", status);
    }

    /** What a user reads about a failure: never a stack trace, never an upstream body. */
    static String describe(Throwable failure) {
        if (failure instanceof UpstreamFailure upstream) {
            return "the upstream call failed: " + upstream.describe();
        }
        if (failure instanceof TimeoutException) {
            return "the run took longer than its limit (strategylab.experiments.runs.timeout)";
        }
        String message = failure.getMessage();
        return failure.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    private static ExperimentSettings settings(ExperimentEntity entity) {
        try {
            return EvaluationJson.mapper().treeToValue(entity.config, ExperimentSettings.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable configuration of experiment " + entity.id, e);
        }
    }

    private static List<String> targets(ExperimentEntity entity) {
        if (entity.targetGeneIds == null || entity.targetGeneIds.isNull()) {
            return List.of();
        }
        return EvaluationJson.mapper().convertValue(entity.targetGeneIds.path("ids"),
                EvaluationJson.mapper().getTypeFactory().constructCollectionType(List.class, String.class));
    }
}
