package org.strategylab.experiment.api;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.strategylab.evaluation.model.BootstrapResult;
import org.strategylab.evaluation.model.CrossValidationResult;
import org.strategylab.evaluation.model.EnrichmentResult;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.evaluation.model.GeneInfo;
import org.strategylab.evaluation.model.RankMetrics;
import org.strategylab.evaluation.model.StepAnalysisResult;
import org.strategylab.evaluation.model.TreeOptimizationResult;

/**
 * An experiment as the API answers it (spec §2.1, {@code api-contract.md} §6.2, camelCase).
 *
 * <p>Counts are genes (issue 38 item 2): {@code metrics.totalResults} and {@code resultCount} count
 * genes (for a transcript record class the site's display count, never its transcript rows), with
 * {@code metrics.totalTranscripts} and {@code resultTranscriptCount} beside them where the site
 * states both; {@code rankMetrics} rank genes, each once at its first transcript's position, and
 * their {@code totalResults} and list sizes are gene counts.
 *
 * @param operationId  the operation that ran it (subscribe to its events)
 * @param metricsStale true after a refine changed the step until the experiment is re-evaluated
 * @param resultCount  the upstream result size in genes (search and tree modes: the site's display
 *                     count, never its transcript rows), or the number of given IDs
 * @param controlResolution how the typed controls were resolved against the site before counting
 *                          (null for experiments from before resolution existed)
 * @param version      the experiment's version: 1, then one more per refine (issue 38 item 4)
 * @param refinement   what made this version from the one before (null for version 1)
 * @param versions     every version, oldest first, the current one last: on the read of one
 *                     experiment, its undo and its versions; null elsewhere (events, lists)
 * @param resultTranscriptCount the result's transcript rows beside {@code resultCount}'s genes, where
 *                          the site states both (a transcript record class); null for gene lists.
 *                          Counts are genes: pages show "220 genes (235 transcripts)" only where they differ
 */
public record ExperimentView(String id, String userId, String siteId, String name, ExperimentConfigView config,
                             String status, ExperimentMetrics metrics, CrossValidationResult crossValidation,
                             List<EnrichmentResult> enrichmentResults, List<GeneInfo> truePositiveGenes,
                             List<GeneInfo> falseNegativeGenes, List<GeneInfo> falsePositiveGenes,
                             List<GeneInfo> trueNegativeGenes, String error, Double totalTimeSeconds,
                             String createdAt, String completedAt, String updatedAt, String batchId,
                             String benchmarkId, String controlSetLabel, boolean isPrimaryBenchmark,
                             Object optimizationResult, Long upstreamStrategyId, Long upstreamStepId, String notes,
                             StepAnalysisResult stepAnalysis, RankMetrics rankMetrics, BootstrapResult robustness,
                             TreeOptimizationResult treeOptimization, String operationId, boolean metricsStale,
                             @Schema(description = "The result's size in genes (counts are genes: for a transcript "
                                     + "record class the site's display count, never its transcript rows); the number "
                                     + "of given IDs for a gene list") Long resultCount,
                             ControlResolution controlResolution, int version,
                             VersionRefinement refinement, List<ExperimentVersion> versions,
                             @Schema(description = "The result's transcript rows beside resultCount's genes, where the "
                                     + "site states both; null for a gene list. Shown as \"220 genes (235 "
                                     + "transcripts)\" only where the two differ") Long resultTranscriptCount) {
}
