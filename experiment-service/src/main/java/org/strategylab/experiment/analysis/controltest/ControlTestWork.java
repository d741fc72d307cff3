package org.strategylab.experiment.analysis.controltest;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.metrics.ClassificationMetrics;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.evaluation.stepanalysis.TreeEvaluation;
import org.strategylab.experiment.api.ControlResolution;
import org.strategylab.experiment.api.ControlTestResult;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.run.StepTrees;
import org.strategylab.experiment.run.UpstreamEvaluation;
import org.strategylab.experiment.run.UpstreamTreeEvaluator;

/**
 * A control test: the search or tree counted against the controls as a run counts it (rule 4.5.5,
 * upstream-gateway's control counts in a helper strategy it deletes again), nothing kept.
 */
@ApplicationScoped
public class ControlTestWork {

    @Inject
    UpstreamGateway upstream;

    @Inject
    ExperimentConfig config;

    /** Counts the (resolved) controls of {@code settings} in the search or tree; {@code resolution} is reported. */
    public Uni<ControlTestResult> test(String token, ExperimentSettings settings, ControlResolution resolution) {
        ControlSets controls = settings.controls().sets();
        UpstreamTreeEvaluator evaluator = new UpstreamTreeEvaluator(upstream, token, settings, controls,
                config.analyses().sweepPointTimeout());
        return Uni.createFrom().item(() -> evaluator.evaluate(StepTrees.fromJson(UpstreamEvaluation.tree(settings))))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .map(e -> result(settings, controls, e, resolution));
    }

    private static ControlTestResult result(ExperimentSettings settings, ControlSets controls, TreeEvaluation e,
                                            ControlResolution resolution) {
        List<String> missed = controls.positives().stream().filter(id -> !e.capturedPositiveIds().contains(id)).toList();
        List<String> leftOut = controls.negatives().stream().filter(id -> !e.capturedNegativeIds().contains(id)).toList();
        ExperimentMetrics metrics = ClassificationMetrics.fromCounts(e.positiveHits(), e.positiveTotal(),
                e.negativeHits(), e.negativeTotal(), e.resultCount());
        // counts are genes; the site's transcript rows beside them where it stated both
        return new ControlTestResult(settings.siteId(), settings.recordType(), settings.target().mode(),
                e.transcriptCount() == null ? metrics : metrics.withTotalTranscripts(e.transcriptCount()),
                e.resultCount(), e.capturedPositiveIds(), missed, e.capturedNegativeIds(), leftOut,
                resolution);
    }
}
