package org.strategylab.experiment.api;

import java.util.List;
import org.strategylab.evaluation.model.BootstrapResult;
import org.strategylab.evaluation.model.CrossValidationResult;
import org.strategylab.evaluation.model.EnrichmentResult;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.evaluation.model.GeneInfo;
import org.strategylab.evaluation.model.RankMetrics;
import org.strategylab.evaluation.model.StepAnalysisResult;
import org.strategylab.evaluation.model.TreeOptimizationResult;

/**
 * What a run computed, stored as one document beside the row: classification metrics, the four
 * gene lists, rank metrics, robustness, cross-validation, the enrichment results (one per analysis
 * type), the step analysis, the tree-knob optimisation and the parameter optimisation of the search.
 */
public record ExperimentResults(ExperimentMetrics metrics, List<GeneInfo> truePositiveGenes,
                                List<GeneInfo> falseNegativeGenes, List<GeneInfo> falsePositiveGenes,
                                List<GeneInfo> trueNegativeGenes, RankMetrics rankMetrics, BootstrapResult robustness,
                                Long resultCount, CrossValidationResult crossValidation,
                                List<EnrichmentResult> enrichmentResults, StepAnalysisResult stepAnalysis,
                                TreeOptimizationResult treeOptimization,
                                org.strategylab.evaluation.model.ParameterOptimizationResult optimizationResult) {

    /** Nothing computed yet. */
    public static final ExperimentResults NONE = new ExperimentResults(null, List.of(), List.of(), List.of(), List.of(),
            null, null, null, null);

    /** What an evaluation computes: everything but the analyses run on it later. */
    public ExperimentResults(ExperimentMetrics metrics, List<GeneInfo> truePositiveGenes,
                             List<GeneInfo> falseNegativeGenes, List<GeneInfo> falsePositiveGenes,
                             List<GeneInfo> trueNegativeGenes, RankMetrics rankMetrics, BootstrapResult robustness,
                             Long resultCount, CrossValidationResult crossValidation) {
        this(metrics, truePositiveGenes, falseNegativeGenes, falsePositiveGenes, trueNegativeGenes, rankMetrics,
                robustness, resultCount, crossValidation, List.of(), null, null, null);
    }

    @com.fasterxml.jackson.annotation.JsonCreator
    public ExperimentResults {
        truePositiveGenes = truePositiveGenes == null ? List.of() : truePositiveGenes;
        falseNegativeGenes = falseNegativeGenes == null ? List.of() : falseNegativeGenes;
        falsePositiveGenes = falsePositiveGenes == null ? List.of() : falsePositiveGenes;
        trueNegativeGenes = trueNegativeGenes == null ? List.of() : trueNegativeGenes;
        enrichmentResults = enrichmentResults == null ? List.of() : List.copyOf(enrichmentResults);
    }

    public ExperimentResults withRobustness(BootstrapResult result) {
        return new ExperimentResults(metrics, truePositiveGenes, falseNegativeGenes, falsePositiveGenes,
                trueNegativeGenes, rankMetrics, result, resultCount, crossValidation,
                enrichmentResults, stepAnalysis, treeOptimization, optimizationResult);
    }

    public ExperimentResults withRankMetrics(RankMetrics result) {
        return new ExperimentResults(metrics, truePositiveGenes, falseNegativeGenes, falsePositiveGenes,
                trueNegativeGenes, result, robustness, resultCount, crossValidation,
                enrichmentResults, stepAnalysis, treeOptimization, optimizationResult);
    }

    public ExperimentResults withCrossValidation(CrossValidationResult result) {
        return new ExperimentResults(metrics, truePositiveGenes, falseNegativeGenes, falsePositiveGenes,
                trueNegativeGenes, rankMetrics, robustness, resultCount, result,
                enrichmentResults, stepAnalysis, treeOptimization, optimizationResult);
    }

    public ExperimentResults withEnrichmentResults(List<EnrichmentResult> results) {
        return new ExperimentResults(metrics, truePositiveGenes, falseNegativeGenes, falsePositiveGenes,
                trueNegativeGenes, rankMetrics, robustness, resultCount, crossValidation, results, stepAnalysis,
                treeOptimization, optimizationResult);
    }

    public ExperimentResults withStepAnalysis(StepAnalysisResult result) {
        return new ExperimentResults(metrics, truePositiveGenes, falseNegativeGenes, falsePositiveGenes,
                trueNegativeGenes, rankMetrics, robustness, resultCount, crossValidation, enrichmentResults, result,
                treeOptimization, optimizationResult);
    }

    public ExperimentResults withTreeOptimization(TreeOptimizationResult result) {
        return new ExperimentResults(metrics, truePositiveGenes, falseNegativeGenes, falsePositiveGenes,
                trueNegativeGenes, rankMetrics, robustness, resultCount, crossValidation, enrichmentResults, stepAnalysis,
                result, optimizationResult);
    }

    public ExperimentResults withOptimizationResult(org.strategylab.evaluation.model.ParameterOptimizationResult result) {
        return new ExperimentResults(metrics, truePositiveGenes, falseNegativeGenes, falsePositiveGenes,
                trueNegativeGenes, rankMetrics, robustness, resultCount, crossValidation, enrichmentResults, stepAnalysis,
                treeOptimization, result);
    }
}
