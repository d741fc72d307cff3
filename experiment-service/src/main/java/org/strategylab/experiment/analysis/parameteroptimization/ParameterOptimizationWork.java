package org.strategylab.experiment.analysis.parameteroptimization;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.model.ParameterOptimizationResult;
import org.strategylab.evaluation.model.ParameterTrial;
import org.strategylab.evaluation.optimization.Objective;
import org.strategylab.evaluation.optimization.ParameterOptimizer;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.api.ParameterOptimizationRequest;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.run.ProgressEvents;
import org.strategylab.experiment.run.UpstreamTreeEvaluator;

/**
 * Parameter optimisation of an experiment's search (spec §2.4): evaluation-core's
 * {@link ParameterOptimizer} over the site, each trial's search counted against the controls as a
 * run counts it, a batch of {@code analyses.optimization-concurrency} trials at once. Progress:
 * {@code experiment_progress {phase: optimizing, trialProgress}} with the {@code optimization_progress}
 * payload of {@code api-contract.md} §5.8 ({@code started}, {@code running} per trial with the best
 * and the five latest, then {@code completed}, {@code cancelled} or {@code error}). A cancel stops
 * it before its next batch and its next upstream count.
 */
@ApplicationScoped
public class ParameterOptimizationWork {

    private static final int RECENT = 5;

    @Inject
    UpstreamGateway upstream;

    @Inject
    ExperimentConfig config;

    /** @param optimizationId names the optimisation in its progress and result */
    public Uni<ParameterOptimizationResult> optimise(String token, ExperimentSettings settings,
                                                     ParameterOptimizationRequest request, String optimizationId,
                                                     ProgressEvents progress) {
        ControlSets controls = settings.controls().sets();
        int concurrency = config.analyses().optimizationConcurrency();
        ParameterOptimizer.Request optimizerRequest = ParameterOptimizations.optimizerRequest(settings, request,
                concurrency);
        Objective objective = Objective.parse(optimizerRequest.objective() == null
                ? ParameterOptimizer.DEFAULT_OBJECTIVE : optimizerRequest.objective());
        UpstreamTreeEvaluator evaluator = new UpstreamTreeEvaluator(upstream, token, settings, controls,
                config.analyses().sweepPointTimeout(), objective.isRank() ? config.runs().maxOrderedIds() : 0);
        AtomicBoolean cancelled = new AtomicBoolean();
        Deque<ParameterTrial> recent = new ArrayDeque<>();
        ParameterOptimizer.Progress listener = new ParameterOptimizer.Progress() {
            @Override
            public void trial(ParameterTrial trial, ParameterTrial best, int recorded, int budget) {
                synchronized (recent) {
                    recent.addFirst(trial);
                    if (recent.size() > RECENT) {
                        recent.removeLast();
                    }
                }
                Map<String, Object> fields = new LinkedHashMap<>();
                fields.put("currentTrial", recorded);
                fields.put("totalTrials", budget);
                fields.put("trial", trial);
                fields.put("bestTrial", best);
                fields.put("recentTrials", new ArrayList<>(recent));
                progress.emit("optimizing", "trial " + recorded + " of " + budget,
                        payload(optimizationId, "running", fields)).subscribe().with(sent -> { }, failure -> { });
            }

            @Override
            public boolean cancelled() {
                return cancelled.get();
            }
        };
        Map<String, Object> started = new LinkedHashMap<>();
        started.put("searchName", settings.target().searchName());
        started.put("recordType", settings.recordType());
        started.put("budget", optimizerRequest.budget() == null ? ParameterOptimizer.DEFAULT_BUDGET : optimizerRequest.budget());
        started.put("objective", objective.name());
        started.put("positiveControlsCount", controls.positives().size());
        started.put("negativeControlsCount", controls.negatives().size());
        started.put("parameterSpace", request.specs());
        started.put("currentTrial", 0);
        started.put("totalTrials", started.get("budget"));
        started.put("bestTrial", null);
        started.put("recentTrials", List.of());
        return progress.emit("optimizing", "optimising " + objective.name(), payload(optimizationId, "started", started))
                .chain(() -> Uni.createFrom().item(() -> run(evaluator, controls, concurrency, optimizerRequest, listener))
                        .runSubscriptionOn(Infrastructure.getDefaultWorkerPool()))
                .onCancellation().invoke(() -> {
                    cancelled.set(true);
                    evaluator.cancel();
                })
                .map(result -> result.withOptimizationId(optimizationId))
                .call(result -> progress.emit("optimizing", "optimisation " + result.status(),
                        payload(optimizationId, result.status(), ended(result))));
    }

    private static ParameterOptimizationResult run(UpstreamTreeEvaluator evaluator, ControlSets controls,
                                                   int concurrency, ParameterOptimizer.Request request,
                                                   ParameterOptimizer.Progress listener) {
        ExecutorService batch = Executors.newFixedThreadPool(concurrency, runnable -> {
            Thread thread = new Thread(runnable, "parameter-optimisation-trial");
            thread.setDaemon(true);
            return thread;
        });
        try {
            return new ParameterOptimizer(evaluator, controls, batch).optimise(request, listener);
        } finally {
            batch.shutdownNow();
        }
    }

    private static Map<String, Object> payload(String optimizationId, String status, Map<String, Object> more) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("optimizationId", optimizationId);
        payload.put("status", status);
        payload.putAll(more);
        return java.util.Collections.singletonMap("trialProgress", payload);
    }

    private static Map<String, Object> ended(ParameterOptimizationResult result) {
        Map<String, Object> fields = new LinkedHashMap<>();
        if ("error".equals(result.status())) {
            fields.put("error", result.errorMessage());
        }
        fields.put("currentTrial", result.allTrials().size());
        fields.put("totalTrials", result.totalTrials());
        fields.put("bestTrial", result.bestTrial());
        fields.put("allTrials", result.allTrials());
        fields.put("paretoFrontier", result.paretoFrontier());
        fields.put("sensitivity", result.sensitivity());
        fields.put("totalTimeSeconds", result.totalTimeSeconds());
        if (result.stopReason() != null) {
            fields.put("stopReason", result.stopReason());
        }
        return fields;
    }
}
