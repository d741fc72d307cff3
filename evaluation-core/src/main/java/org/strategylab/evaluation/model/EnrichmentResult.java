package org.strategylab.evaluation.model;

import java.util.List;

/**
 * The enrichment terms of one analysis type (spec 2.2): {@code go_function}, {@code go_component},
 * {@code go_process}, {@code pathway} or {@code word}.
 */
public record EnrichmentResult(String analysisType, List<EnrichmentTerm> terms, int totalGenesAnalyzed,
                               int backgroundSize, String error) {
    public EnrichmentResult {
        terms = terms == null ? List.of() : List.copyOf(terms);
    }
}
