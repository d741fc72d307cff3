package org.strategylab.experiment.analysis.treeoptimization;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.model.TreeOptimizationResult;
import org.strategylab.evaluation.optimization.Objective;
import org.strategylab.evaluation.optimization.TreeKnobOptimizer;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.api.TreeOptimizationRequest;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.run.ProgressEvents;
import org.strategylab.experiment.run.StepTrees;
import org.strategylab.experiment.run.UpstreamEvaluation;
import org.strategylab.experiment.run.UpstreamTreeEvaluator;

/**
 * Tree-knob optimisation (spec §2.4, DECISIONS 16): evaluation-core's {@link TreeKnobOptimizer}
 * (seeded, every trial recorded) over the site — each trial's tree counted against the controls as
 * a run counts it, and for a rank objective ({@code precision_at_K}, …) its result read in order, so
 * K is honoured. Progress: {@code experiment_progress} {@code {phase: optimizing, trialProgress}} with
 * an {@code optimization_progress}-shaped payload ({@code started}, {@code running} per tree counted,
 * {@code completed} with the best and all trials). Used by the operation ({@link TreeOptimizationRun})
 * and the run phase ({@link TreeOptimizationPhase}); a cancel stops it before its next upstream count.
 */
@ApplicationScoped
public class TreeOptimizationWork {

    @Inject
    UpstreamGateway upstream;

    @Inject
    ExperimentConfig config;

    /** @param optimizationId names the optimisation in its progress ({@code optimizationId}) */
    public Uni<TreeOptimizationResult> optimise(String token, ExperimentSettings settings, TreeOptimizationRequest request,
                                                String optimizationId, ProgressEvents progress) {
        ControlSets controls = settings.controls().sets();
        Objective objective = Objective.parse(request.objective());
        UpstreamTreeEvaluator evaluator = new UpstreamTreeEvaluator(upstream, token, settings, controls,
                config.analyses().sweepPointTimeout(), objective.isRank() ? config.runs().maxOrderedIds() : 0);
        int budget = request.budget() == null ? TreeKnobOptimizer.DEFAULT_BUDGET : request.budget();
        AtomicInteger counted = new AtomicInteger();
        TreeKnobOptimizer optimizer = new TreeKnobOptimizer(tree -> {
            var evaluation = evaluator.evaluate(tree);
            int done = counted.incrementAndGet();
            progress.emit("optimizing", "tree " + done + " counted", trial(optimizationId, "running", budget,
                    Map.of("currentTrial", done))).subscribe().with(sent -> { }, failure -> { });
            return evaluation;
        }, controls);
        return progress.emit("optimizing", "optimising " + objective.name(), trial(optimizationId, "started", budget,
                        Map.of("objective", objective.name(), "budget", budget, "currentTrial", 0)))
                .chain(() -> Uni.createFrom().item(() -> optimizer.optimise(new TreeKnobOptimizer.Request(
                                StepTrees.fromJson(UpstreamEvaluation.tree(settings)), request.thresholdKnobs(),
                                request.operatorKnobs(), request.objective(), budget, request.maxListSize(), null)))
                        .runSubscriptionOn(Infrastructure.getDefaultWorkerPool()))
                .onCancellation().invoke(evaluator::cancel)
                .call(result -> progress.emit("optimizing", "optimisation completed", trial(optimizationId, "completed",
                        budget, completed(result))));
    }

    private static Map<String, Object> trial(String optimizationId, String status, int budget, Map<String, Object> more) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("optimizationId", optimizationId);
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
