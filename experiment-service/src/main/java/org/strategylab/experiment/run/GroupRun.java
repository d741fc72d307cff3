package org.strategylab.experiment.run;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.eventlog.index.OperationStatus;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.persistence.ExperimentEntity;
import org.strategylab.experiment.persistence.ExperimentRepository;

/**
 * A batch (one search per organism) or a benchmark (one search against several control sets) as one
 * operation: its members run at once (at most {@code runs.group-concurrency}), their progress events
 * interleave (each names its {@code experimentId}), and the operation ends with
 * {@code batch_complete} / {@code benchmark_complete} carrying every member — failed ones too, with
 * their status and error — or {@code batch_error} / {@code benchmark_error} when no member completed.
 */
public abstract class GroupRun implements OperationRun {

    @Inject
    ExperimentExecutor executor;

    @Inject
    ExperimentViews views;

    @Inject
    ExperimentConfig config;

    /** The id field of the terminal event ({@code batchId}, {@code benchmarkId}). */
    abstract String idField();

    @Override
    public Uni<Void> run(OperationHandle handle, ExperimentCommand command) {
        List<UUID> members = command.experimentIds().stream().map(UUID::fromString).toList();
        return Multi.createFrom().iterable(members)
                .onItem().transformToUni(id -> executor.execute(handle, id, command.token()))
                .merge(config.runs().groupConcurrency())
                .collect().asList()
                .chain(ended -> finish(handle, command, ended));
    }

    private Uni<Void> finish(OperationHandle handle, ExperimentCommand command, List<Optional<ExperimentEntity>> ended) {
        List<ExperimentEntity> rows = new ArrayList<>();
        ended.forEach(row -> row.ifPresent(rows::add));
        // members in the order they were asked for
        rows.sort(java.util.Comparator.comparingInt(row -> command.experimentIds().indexOf(row.id.toString())));
        boolean anyCompleted = rows.stream().anyMatch(row -> ExperimentRepository.COMPLETED.equals(row.status));
        if (!anyCompleted) {
            String reason = rows.isEmpty() ? "its experiments were deleted before they ran"
                    : "no experiment completed: " + rows.get(0).error;
            return handle.end(type() + "_error", EvaluationJson.mapper().createObjectNode().put("error", reason),
                    OperationStatus.FAILED);
        }
        ObjectNode complete = EvaluationJson.mapper().createObjectNode().put(idField(), ((ExperimentCommand.Group) command).groupId());
        ArrayNode experiments = complete.putArray("experiments");
        rows.forEach(row -> experiments.add(EvaluationJson.mapper().valueToTree(views.view(row))));
        return handle.end(type() + "_complete", complete, OperationStatus.COMPLETED);
    }

    @Override
    public Uni<Void> cancelled(OperationHandle handle, ExperimentCommand command, long started) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (String id : command.experimentIds()) {
            chain = chain.chain(() -> executor.cancel(UUID.fromString(id), started).replaceWithVoid());
        }
        return chain.chain(() -> handle.end(type() + "_error",
                EvaluationJson.mapper().createObjectNode().put("error", "cancelled by its owner").put("cancelled", true),
                OperationStatus.CANCELLED));
    }

    /** One search across organisms. */
    @ApplicationScoped
    public static class Batch extends GroupRun {
        @Override
        public String type() {
            return ExperimentCommand.BATCH;
        }

        @Override
        String idField() {
            return "batchId";
        }
    }

    /** One search against several control sets. */
    @ApplicationScoped
    public static class Benchmark extends GroupRun {
        @Override
        public String type() {
            return ExperimentCommand.BENCHMARK;
        }

        @Override
        String idField() {
            return "benchmarkId";
        }
    }
}
