package org.strategylab.experiment.api;

/**
 * An experiment in a list ({@code api-contract.md} §6.2): what a table shows, without gene lists.
 *
 * @param totalPositives size of the positive control list
 * @param totalNegatives size of the negative control list
 */
public record ExperimentSummary(String id, String name, String siteId, String searchName, String recordType,
                                String mode, String status, Double f1Score, Double sensitivity, Double specificity,
                                int totalPositives, int totalNegatives, String createdAt, String completedAt,
                                String batchId, String benchmarkId, String controlSetLabel,
                                boolean isPrimaryBenchmark, String operationId, String error) {
}
