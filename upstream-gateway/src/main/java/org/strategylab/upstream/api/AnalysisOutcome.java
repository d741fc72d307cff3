package org.strategylab.upstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * A completed step analysis.
 *
 * @param analysisName the plugin
 * @param stepId       the analysed step (gone again when it was a temporary one)
 * @param analysisId   the upstream analysis instance
 * @param reruns       how often the instance was re-run after ERROR or another retriable status
 * @param parameters   the values it ran with (WDK strings, defaults included)
 * @param result       the plugin's result JSON as the site gives it ({@code resultData} rows, …)
 */
public record AnalysisOutcome(String analysisName, long stepId, long analysisId, int reruns,
                              Map<String, String> parameters, JsonNode result) {
}
