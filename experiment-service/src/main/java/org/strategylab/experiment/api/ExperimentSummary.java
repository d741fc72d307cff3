package org.strategylab.experiment.api;

/**
 * An experiment in a list ({@code api-contract.md} §6.2): what a table shows, without gene lists.
 *
 * @param totalPositives size of the positive control list
 * @param totalNegatives size of the negative control list
 * @param version        the experiment's version (1, then one more per refine)
 * @param metricsStale   the figures were computed on an earlier result (a refine) and not re-evaluated since
 * @param refinement     what made this version from the one before (null for version 1)
 */
public record ExperimentSummary(String id, String name, String siteId, String searchName, String recordType,
                                String mode, String status, Double f1Score, Double sensitivity, Double specificity,
                                int totalPositives, int totalNegatives, String createdAt, String completedAt,
                                String batchId, String benchmarkId, String controlSetLabel,
                                boolean isPrimaryBenchmark, String operationId, String error,
                                int version, boolean metricsStale, VersionRefinement refinement) {
}
