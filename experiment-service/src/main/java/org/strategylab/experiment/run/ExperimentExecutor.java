package org.strategylab.experiment.run;

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
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.jboss.logging.Logger;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.experiment.api.ControlResolution;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.client.FailureText;
import org.strategylab.experiment.client.UpstreamFailure;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.persistence.ExperimentEntity;
import org.strategylab.experiment.persistence.ExperimentRepository;

/**
 * Runs one experiment inside an operation (its own, or a batch's or benchmark's): {@code pending →
 * running}, every {@link RunPhase} that applies in order with the state persisted after each, then
 * {@code completed}; on any failure {@code error} with its text, keeping what earlier phases stored.
 * It emits the experiment's {@code experiment_progress} events; the terminal events belong to the
 * operation ({@link SingleRun}, {@link GroupRun}).
 */
@ApplicationScoped
public class ExperimentExecutor {

    private static final Logger LOG = Logger.getLogger(ExperimentExecutor.class);

    @Inject
    ExperimentRepository repository;

    @Inject
    ExperimentConfig config;

    @Inject
    org.strategylab.experiment.client.UpstreamGateway upstream;

    @Inject
    @All
    List<RunPhase> phases;

    /**
     * Runs the experiment; never fails for a failure of the run itself (the answer is the row, ended
     * {@code error}), only when its state cannot be written.
     *
     * @return the row as it ended, or empty when it was deleted before it ran
     */
    public Uni<Optional<ExperimentEntity>> execute(OperationHandle handle, UUID id, String token) {
        return execute(handle, id, token, Optional.empty());
    }

    /**
     * Runs the experiment whose row the caller has just written ({@code asWritten}; read otherwise).
     *
     * @return the row as it ended, or empty when it was deleted before it ran
     */
    public Uni<Optional<ExperimentEntity>> execute(OperationHandle handle, UUID id, String token,
                                                  Optional<ExperimentEntity> asWritten) {
        long started = System.nanoTime();
        ProgressEvents progress = new ProgressEvents(handle, id);
        Uni<Optional<ExperimentEntity>> stored = asWritten.isPresent() ? Uni.createFrom().item(asWritten) : repository.find(id);
        return stored.chain(found -> {
            if (found.isEmpty()) {
                return Uni.createFrom().item(Optional.<ExperimentEntity>empty());
            }
            ExperimentEntity entity = found.get();
            if (!ExperimentRepository.PENDING.equals(entity.status) && !ExperimentRepository.RUNNING.equals(entity.status)) {
                return Uni.createFrom().item(found); // a repeated command: its run already ended
            }
            ExperimentSettings settings = settings(entity);
            return leftOver(entity, token, settings)
                    .chain(() -> targets(entity, settings))
                    .chain(targets -> run(id, entity, token, settings, targets, progress, started));
        });
    }

    /**
     * A row still to run that already names a strategy is a run started again after its worker died:
     * the strategy the dead attempt made on the site (noted as soon as it was made) is deleted first,
     * so the account keeps only the strategy of the attempt that completes. Best effort: a failure is
     * logged, the run goes on.
     */
    private Uni<Void> leftOver(ExperimentEntity entity, String token, ExperimentSettings settings) {
        if (entity.upstreamStrategyId == null) {
            return Uni.createFrom().voidItem();
        }
        Long strategyId = entity.upstreamStrategyId;
        return upstream.deleteStrategy(token, settings.siteId(), strategyId)
                .call(() -> repository.keepStrategy(entity.id, null))
                .invoke(() -> LOG.infof("experiment %s runs again: deleted strategy %d of its earlier attempt", entity.id, strategyId))
                .onFailure().invoke(failure -> LOG.warnf("experiment %s runs again; strategy %d of its earlier attempt stays: %s",
                        entity.id, strategyId, failure.getMessage()))
                .onFailure().recoverWithNull()
                .replaceWithVoid();
    }

    /** Runs the experiment of {@code entity}, a row still to run, on its input. */
    private Uni<Optional<ExperimentEntity>> run(UUID id, ExperimentEntity entity, String token, ExperimentSettings settings,
                                                List<String> targets, ProgressEvents progress, long started) {
        RunContext context = new RunContext(id, entity.ownerId, token, settings, targets,
                settings.controls().sets(), progress);
        // the upstream work starts at once: marking the row running and telling the stream go
        // beside it (the first write of the phases waits for the mark, so the two never race)
        Uni<Void> marked = repository.markRunning(id).memoize().indefinitely();
        // the writes of the run's state, one after another; a failure waits for them before it is written
        AtomicReference<Uni<Void>> written = new AtomicReference<>(marked);
        return progress.emit("started", "running " + settings.target().mode() + " experiment", null)
                .chain(() -> controlsResolved(progress, entity))
                .chain(() -> Uni.combine().all().unis(marked, phases(context, RunState.EMPTY, written)).asTuple())
                .map(both -> both.getItem2())
                .ifNoItem().after(config.runs().timeout()).failWith(TimeoutException::new)
                // the last phase's state is written with the completion, in one transaction
                .chain(state -> repository.update(id, null, row -> {
                    keep(row, state);
                    finish(row, ExperimentRepository.COMPLETED, null, started);
                }))
                .call(row -> progress.emit("completed", "the experiment completed", null))
                .onFailure().recoverWithUni(failure -> written.get().onFailure().recoverWithNull()
                        .chain(() -> failed(progress, id, describe(failure), started)));
    }

    /**
     * The {@code controls_resolved} progress event: what the resolution done at submission changed
     * in the controls the run counts (renamed, unknown and merged IDs). Rows from before V5 have none.
     */
    private static Uni<Void> controlsResolved(ProgressEvents progress, ExperimentEntity entity) {
        ControlResolution resolution = ExperimentViews.controlResolution(entity);
        if (resolution == null) {
            return Uni.createFrom().voidItem();
        }
        ControlResolution.ControlListResolution p = resolution.positives();
        ControlResolution.ControlListResolution n = resolution.negatives();
        String message = "controls resolved: " + p.resolved() + " positive and " + n.resolved() + " negative genes"
                + (p.unknown().isEmpty() && n.unknown().isEmpty() ? ""
                        : "; not counted, unknown on the site: " + String.join(", ", join(p.unknown(), n.unknown())));
        return progress.emit("controls_resolved", message, java.util.Map.of("controlResolution", resolution));
    }

    private static List<String> join(List<String> a, List<String> b) {
        List<String> all = new java.util.ArrayList<>(a);
        all.addAll(b);
        return all.size() > 20 ? all.subList(0, 20) : all;
    }

    /** Ends the experiment as cancelled (the operation's cancel reached this worker). */
    public Uni<Optional<ExperimentEntity>> cancel(UUID id, long started) {
        return repository.update(id, null, row -> {
            if (ExperimentRepository.PENDING.equals(row.status) || ExperimentRepository.RUNNING.equals(row.status)) {
                finish(row, ExperimentRepository.CANCELLED, "cancelled by its owner", started);
            }
        });
    }

    /** Runs every phase that applies from {@code start}, persisting the state after each. */
    public Uni<RunState> phases(RunContext context, RunState start) {
        return phases(context, start, new AtomicReference<>(Uni.createFrom().voidItem()))
                .call(state -> keepState(context.experimentId(), state));
    }

    /**
     * Runs every phase that applies, persisting the state between phases after the writes already
     * in {@code written}; the state after the last one is the caller's to write. A state is written
     * behind the next phase, not before it (the writes one after another, in order), so a phase does
     * not wait for a transaction; the answer comes once the phases are done and every write has
     * succeeded, and {@code written} always holds the last write.
     */
    private Uni<RunState> phases(RunContext context, RunState start, AtomicReference<Uni<Void>> written) {
        List<RunPhase> applying = phases.stream().filter(phase -> phase.appliesTo(context.settings()))
                .sorted(Comparator.comparingInt(RunPhase::order)).toList();
        Uni<RunState> chain = Uni.createFrom().item(start);
        for (int i = 0; i < applying.size(); i++) {
            RunPhase phase = applying.get(i);
            chain = chain.chain(state -> phase.run(context, state));
            if (i < applying.size() - 1 && applying.get(i + 1).savesStateBefore()) {
                chain = chain.invoke(next -> written.set(writeBehind(written.get(), context.experimentId(), next)));
            }
        }
        return chain.call(state -> written.get());
    }

    /** Writes the state once {@code previous} is written, starting now; the answer remembers the outcome. */
    private Uni<Void> writeBehind(Uni<Void> previous, UUID id, RunState state) {
        Uni<Void> write = previous.chain(() -> keepState(id, state)).memoize().indefinitely();
        // subscribed here so the write goes on beside the next phase; its failure is answered by whoever waits on it
        write.subscribe().with(done -> { }, failure -> { });
        return write;
    }

    private Uni<Void> keepState(UUID id, RunState state) {
        return repository.keepState(id, EvaluationJson.mapper().valueToTree(state.results()), state.upstreamStrategyId(),
                state.upstreamStepId());
    }

    /** What the run has computed so far, onto its row. */
    private static void keep(ExperimentEntity row, RunState state) {
        row.result = EvaluationJson.mapper().valueToTree(state.results());
        row.upstreamStrategyId = state.upstreamStrategyId();
        row.upstreamStepId = state.upstreamStepId();
    }

    private Uni<Optional<ExperimentEntity>> failed(ProgressEvents progress, UUID id, String error, long started) {
        LOG.infof("experiment %s failed: %s", id, error);
        ObjectNode failure = EvaluationJson.mapper().createObjectNode().put("experimentId", id.toString())
                .put("phase", "error").put("error", error);
        return repository.update(id, null, row -> finish(row, ExperimentRepository.ERROR, error, started))
                .call(() -> progress.handle().emit("experiment_progress", failure));
    }

    private static void finish(ExperimentEntity row, String status, String error, long started) {
        row.status = status;
        row.error = error;
        row.completedAt = OffsetDateTime.now();
        row.totalTimeSeconds = Math.round((System.nanoTime() - started) / 1e7) / 100.0;
    }

    /** What a user reads about a failure: never a stack trace, never an upstream body. */
    static String describe(Throwable failure) {
        if (failure instanceof TimeoutException) {
            return "the run took longer than its limit (strategylab.experiments.runs.timeout)";
        }
        return FailureText.of(failure, "the run failed unexpectedly; quote the experiment's id when reporting it");
    }

    static ExperimentSettings settings(ExperimentEntity entity) {
        try {
            return EvaluationJson.mapper().treeToValue(entity.config, ExperimentSettings.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable configuration of experiment " + entity.id, e);
        }
    }

    /**
     * The gene-ID mode input of an experiment (empty in the other modes): as the row about to run
     * was written if it is that row, read otherwise.
     */
    public Uni<List<String>> targets(ExperimentEntity entity, ExperimentSettings settings) {
        if (entity.targetGeneIds != null) {
            return Uni.createFrom().item(entity.targetGeneIds);
        }
        return settings.geneIdMode() ? repository.targets(entity.id) : Uni.createFrom().item(List.of());
    }
}
