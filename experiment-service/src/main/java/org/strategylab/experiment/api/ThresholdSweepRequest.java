package org.strategylab.experiment.api;

import java.util.List;

/**
 * {@code POST /experiments/{id}/threshold-sweep} (rule 4.5.6, {@code api-contract.md} §4.4).
 *
 * @param parameterName the parameter swept: of the search, or of any step of the tree that has it
 * @param sweepType     {@code numeric} (default) or {@code categorical}
 * @param minValue      numeric: the first value
 * @param maxValue      numeric: the last value
 * @param steps         numeric: how many evenly spaced values (3–50, default 10)
 * @param values        categorical: the values, in the order they are reported
 */
public record ThresholdSweepRequest(String parameterName, String sweepType, Double minValue, Double maxValue,
                                    Integer steps, List<String> values) {
}
