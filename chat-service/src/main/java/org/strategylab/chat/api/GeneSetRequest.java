package org.strategylab.chat.api;

/**
 * {@code POST /api/v1/strategies/{id}/gene-set}.
 *
 * @param name   the gene set's name (1 to 200 characters)
 * @param stepId the step whose genes to save; absent: the strategy's result (its root)
 */
public record GeneSetRequest(String name, String stepId) {
}
