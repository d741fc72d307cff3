package org.strategylab.evaluation.model;

import java.util.List;

/** An experiment with every result it can carry (spec 2.1), camelCase on the wire (DECISIONS 1). */
public record Experiment(String id, ExperimentConfig config, String userId, String status,
                         ExperimentMetrics metrics, CrossValidationResult crossValidation,
                         List<EnrichmentResult> enrichmentResults, List<GeneInfo> truePositiveGenes,
                         List<GeneInfo> falseNegativeGenes, List<GeneInfo> falsePositiveGenes,
                         List<GeneInfo> trueNegativeGenes, String error, Double totalTimeSeconds,
                         String createdAt, String completedAt, String batchId, String benchmarkId,
                         String controlSetLabel, boolean isPrimaryBenchmark, Object optimizationResult,
                         Long upstreamStrategyId, Long upstreamStepId, String notes,
                         StepAnalysisResult stepAnalysis, RankMetrics rankMetrics, BootstrapResult robustness,
                         TreeOptimizationResult treeOptimization, String siteId, String name) {
    public Experiment {
        status = status == null ? "pending" : status;
        enrichmentResults = enrichmentResults == null ? List.of() : List.copyOf(enrichmentResults);
        truePositiveGenes = truePositiveGenes == null ? List.of() : List.copyOf(truePositiveGenes);
        falseNegativeGenes = falseNegativeGenes == null ? List.of() : List.copyOf(falseNegativeGenes);
        falsePositiveGenes = falsePositiveGenes == null ? List.of() : List.copyOf(falsePositiveGenes);
        trueNegativeGenes = trueNegativeGenes == null ? List.of() : List.copyOf(trueNegativeGenes);
        createdAt = createdAt == null ? "" : createdAt;
    }
}
