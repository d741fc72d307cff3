package org.strategylab.experiment.analysis.crossvalidation;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.strategylab.evaluation.cv.CrossValidator;
import org.strategylab.evaluation.cv.Evaluator;
import org.strategylab.evaluation.metrics.ClassificationMetrics;
import org.strategylab.evaluation.model.CrossValidationResult;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.evaluation.model.GeneInfo;
import org.strategylab.experiment.api.ExperimentResults;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.run.RunContext;
import org.strategylab.experiment.run.RunPhase;
import org.strategylab.experiment.run.RunState;

/**
 * Cross-validation (rule 4.5.9, DECISIONS 14): the control lists dealt into k folds (seeded 42),
 * each held-out fold evaluated against the experiment's search, tree or gene list, aggregated with
 * the overfitting score against the full metrics. Each fold is evaluated against the result the
 * experiment's evaluation phase just classified: which controls a result holds does not depend on
 * which other controls are asked about, so a fold's hits are its controls among the result's true
 * and false positives — what re-running the same search per fold would count, without k more
 * rounds of upstream calls. Progress goes out per fold ({@code cvFoldIndex}, {@code cvTotalFolds}).
 */
@ApplicationScoped
public class CrossValidationPhase implements RunPhase {

    @Override
    public int order() {
        return 400;
    }

    @Override
    public String phase() {
        return "cross_validating";
    }

    @Override
    public boolean appliesTo(ExperimentSettings settings) {
        return settings.crossValidation().enableCrossValidation();
    }

    @Override
    public Uni<RunState> run(RunContext context, RunState state) {
        ExperimentResults results = state.results();
        if (results.metrics() == null) {
            return Uni.createFrom().failure(new IllegalStateException("cross-validation needs the experiment's evaluation first"));
        }
        int k = context.settings().crossValidation().kFoldsOr(CrossValidator.DEFAULT_K);
        Evaluator evaluator = againstResult(results);
        return context.progress().emit(phase(), "cross-validating with " + k + " folds", null)
                .chain(() -> Uni.createFrom().item(() -> CrossValidator.run(context.controls().positives(),
                                context.controls().negatives(), k, CrossValidator.DEFAULT_SEED, evaluator,
                                results.metrics(), (fold, total) -> context.progress().emit(phase(),
                                        "fold " + (fold + 1) + " of " + total,
                                        Map.of("cvFoldIndex", fold, "cvTotalFolds", total)).subscribe().with(done -> { })))
                        .runSubscriptionOn(Infrastructure.getDefaultWorkerPool()))
                .map((CrossValidationResult cv) -> state.withResults(results.withCrossValidation(cv)));
    }

    /** A fold's metrics from the result's hits: its positives among the true positives, its negatives among the false ones. */
    static Evaluator againstResult(ExperimentResults results) {
        Set<String> truePositives = ids(results.truePositiveGenes());
        Set<String> falsePositives = ids(results.falsePositiveGenes());
        int totalResults = results.metrics().totalResults();
        return (positives, negatives) -> {
            int positiveHits = (int) positives.stream().filter(truePositives::contains).count();
            int negativeHits = (int) negatives.stream().filter(falsePositives::contains).count();
            ExperimentMetrics metrics = ClassificationMetrics.fromCounts(positiveHits, positives.size(), negativeHits,
                    negatives.size(), totalResults);
            return metrics;
        };
    }

    private static Set<String> ids(List<GeneInfo> genes) {
        Set<String> ids = new HashSet<>();
        genes.forEach(gene -> ids.add(gene.id()));
        return ids;
    }
}
