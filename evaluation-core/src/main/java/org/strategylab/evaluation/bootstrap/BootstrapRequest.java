package org.strategylab.evaluation.bootstrap;

import java.util.List;
import java.util.Map;

/**
 * Inputs of a bootstrap run (spec 4.5.12).
 *
 * @param orderedIds the ranked result, best first (rank metrics)
 * @param resultIds the full result set for classification; null means the ordered list
 * @param nBootstrap iterations; null means 200
 * @param seed null means 42
 * @param kValues null means 10, 25, 50, 100
 * @param includeRankMetrics whether to compute rank-metric intervals (null means yes)
 * @param alternativeNegatives label → alternative negative list (may be null)
 */
public record BootstrapRequest(List<String> orderedIds, List<String> resultIds, List<String> positiveControls,
                               List<String> negativeControls, Integer nBootstrap, Long seed, List<Integer> kValues,
                               Boolean includeRankMetrics, Map<String, List<String>> alternativeNegatives) {
}
