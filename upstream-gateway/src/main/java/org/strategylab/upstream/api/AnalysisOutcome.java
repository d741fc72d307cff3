package org.strategylab.upstream.api;

import java.util.List;
import java.util.Map;
import org.strategylab.evaluation.model.EnrichmentTerm;

/**
 * A completed step analysis, its rows read into evaluation-core's {@link EnrichmentTerm}s (the
 * plugin's raw JSON is not passed on).
 *
 * @param analysisName the plugin
 * @param analysisType spec 2.2's type: {@code go_function}, {@code go_component}, {@code go_process},
 *                     {@code pathway} or {@code word}
 * @param stepId       the analysed step (gone again when it was a temporary one)
 * @param analysisId   the upstream analysis instance
 * @param reruns       how often the instance was re-run after ERROR or another retriable status
 * @param parameters   the values it ran with (WDK strings, defaults included)
 * @param terms        the terms the site reported (those with p at or below its cutoff), by p-value;
 *                     FDR and Bonferroni are the site's, adjusted over the reported terms only
 */
public record AnalysisOutcome(String analysisName, String analysisType, long stepId, long analysisId, int reruns,
                              Map<String, String> parameters, List<EnrichmentTerm> terms) {
}
