package org.strategylab.experiment.service.run;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.evaluation.model.TreeOptimizationResult;
import org.strategylab.evaluation.optimization.Objective;
import org.strategylab.evaluation.optimization.TreeKnobOptimizer;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.api.TreeOptimizationRequest;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.experiment.service.ExperimentViews;

/**
 * Tree-knob optimisation of an experiment (spec §2.4, DECISIONS 16) as an operation:
 * evaluation-core's {@link TreeKnobOptimizer} (seeded, every trial recorded) over the site — each
 * trial's tree counted against the controls as a run counts it, and for a rank objective
 * ({@code precision_at_K}, …) its result read in order, so K is honoured. Progress:
 * {@code experiment_progress} {@code {phase: optimizing, trialProgress}} with an
 * {@code optimization_progress}-shaped payload ({@code started}, {@code running} per tree counted,
 * {@code completed} with the best and all trials). The result replaces the experiment's
 * {@code treeOptimization}; the operation ends with {@code experiment_complete} and {@code experiment_end}.
 */
@ApplicationScoped
public class TreeOptimizationRun implements OperationRun {

    @Inject
    ExperimentRepository repository;

    @Inject
    UpstreamGateway upstream;

    @Inject
    ExperimentConfig config;

    @Inject
    ExperimentViews views;

    @Override
    public String type() {
        return ExperimentCommand.TREE_OPTIMIZATION;
    }

    @Override
    public Uni<Void> run(OperationHandle handle, ExperimentCommand command) {
        UUID id = UUID.fromString(command.experimentIds().get(0));
        TreeOptimizationRequest request = command.optimization();
        return repository.find(id).chain(found -> {
            if (found.isEmpty()) {
                return ExperimentEnd.error(handle, "the experiment was deleted");
            }
            ExperimentSettings settings = ExperimentViews.settings(found.get());
            ControlSets controls = ControlSets.of(settings.positiveControls(), settings.negativeControls());
            Objective objective = Objective.parse(request.objective());
            UpstreamTreeEvaluator evaluator = new UpstreamTreeEvaluator(upstream, command.token(), settings, controls,
                    config.analyses().sweepPointTimeout(), objective.isRank() ? config.runs().maxOrderedIds() : 0);
            ProgressEvents progress = new ProgressEvents(handle, id);
            int budget = request.budget() == null ? TreeKnobOptimizer.DEFAULT_BUDGET : request.budget();
            AtomicInteger counted = new AtomicInteger();
            TreeKnobOptimizer optimizer = new TreeKnobOptimizer(tree -> {
                var evaluation = evaluator.evaluate(tree);
                int done = counted.incrementAndGet();
                progress.emit("optimizing", "tree " + done + " counted", trial(command, "running", budget,
                        Map.of("currentTrial", done))).subscribe().with(sent -> { }, failure -> { });
                return evaluation;
            }, controls);
            return progress.emit("optimizing", "optimising " + objective.name(), trial(command, "started", budget,
                            Map.of("objective", objective.name(), "budget", budget, "currentTrial", 0)))
                    .chain(() -> Uni.createFrom().item(() -> optimizer.optimise(new TreeKnobOptimizer.Request(
                                    StepTrees.fromJson(UpstreamEvaluation.tree(settings)), request.thresholdKnobs(),
                                    request.operatorKnobs(), request.objective(), budget, request.maxListSize(), null)))
                            .runSubscriptionOn(Infrastructure.getDefaultWorkerPool()))
                    .onCancellation().invoke(evaluator::cancel)
                    .call(result -> progress.emit("optimizing", "optimisation completed", trial(command, "completed",
                            budget, completed(result))))
                    .chain(result -> repository.update(id, null, row -> row.result = EvaluationJson.mapper().valueToTree(
                            ExperimentViews.results(row).withTreeOptimization(result))))
                    .chain(row -> ExperimentEnd.completed(handle, views.view(row.orElseThrow())))
                    .onFailure().recoverWithUni(failure -> ExperimentEnd.error(handle,
                            "tree optimisation failed: " + failure.getMessage()));
        });
    }

    @Override
    public Uni<Void> cancelled(OperationHandle handle, ExperimentCommand command, long started) {
        return ExperimentEnd.cancelled(handle);
    }

    private static Map<String, Object> trial(ExperimentCommand command, String status, int budget, Map<String, Object> more) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("optimizationId", command.operationId());
        payload.put("status", status);
        payload.put("totalTrials", budget);
        payload.putAll(more);
        return Map.of("trialProgress", payload);
    }

    private static Map<String, Object> completed(TreeOptimizationResult result) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("currentTrial", result.allTrials().size());
        fields.put("bestTrial", result.bestTrial());
        fields.put("allTrials", result.allTrials());
        fields.put("totalTimeSeconds", result.totalTimeSeconds());
        return fields;
    }
}
