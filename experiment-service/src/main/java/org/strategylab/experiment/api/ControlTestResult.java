package org.strategylab.experiment.api;

import java.util.List;
import org.strategylab.evaluation.model.ExperimentMetrics;

/**
 * {@code POST /api/v1/control-tests}: how a search or strategy does against controls, computed now
 * and stored nowhere (the chat agent's {@code run_control_tests}).
 *
 * @param resultCount      the result's size on the site
 * @param truePositiveIds  positives the result holds; {@code falseNegativeIds} the ones it misses
 * @param falsePositiveIds negatives the result holds; {@code trueNegativeIds} the ones it leaves out
 * @param controlResolution how the typed controls were resolved against the site before counting
 */
public record ControlTestResult(String siteId, String recordType, String mode, ExperimentMetrics metrics,
                                long resultCount, List<String> truePositiveIds, List<String> falseNegativeIds,
                                List<String> falsePositiveIds, List<String> trueNegativeIds,
                                ControlResolution controlResolution) {
}
