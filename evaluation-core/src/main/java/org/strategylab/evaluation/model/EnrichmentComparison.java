package org.strategylab.evaluation.model;

import java.util.List;
import java.util.Map;

/** The enrichment comparison matrix (spec 2.6). */
public record EnrichmentComparison(List<String> experimentIds, Map<String, String> experimentLabels,
                                   List<ComparisonRow> rows, int totalTerms) {
}
