package org.strategylab.evaluation.enrichment;

import org.strategylab.evaluation.InputLimits;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.model.ComparisonRow;
import org.strategylab.evaluation.model.EnrichmentComparison;
import org.strategylab.evaluation.model.EnrichmentResult;
import org.strategylab.evaluation.model.EnrichmentTerm;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The enrichment comparison matrix (spec 2.6; evaluation-semantics §10): one row per
 * {@code analysisType:termId}, the fold enrichment per experiment (null where absent; the last
 * sighting within an experiment wins), rows sorted by their maximum score descending with ties in
 * first-seen order. Fold enrichments from different backgrounds are not strictly comparable.
 */
public final class EnrichmentComparator {
    private EnrichmentComparator() {
    }

    /** One experiment's stored enrichment results. */
    public record ExperimentEnrichment(String id, String label, List<EnrichmentResult> enrichmentResults) {
    }

    /**
     * Builds the matrix.
     *
     * @param analysisType keep only this analysis type; null keeps all
     */
    public static EnrichmentComparison compare(List<ExperimentEnrichment> experiments, String analysisType) {
        InputLimits.requireAtMost("experiments", experiments, InputLimits.MAX_EXPERIMENTS);
        List<String> ids = new ArrayList<>();
        Map<String, String> labels = new LinkedHashMap<>();
        for (int i = 0; i < experiments.size(); i++) {
            ExperimentEnrichment e = experiments.get(i);
            if (e.id() == null || e.id().isBlank()) {
                throw new ValidationException("experiments[" + i + "].id", "is required");
            }
            ids.add(e.id());
            labels.put(e.id(), e.label() == null || e.label().isBlank() ? e.id() : e.label());
        }
        Map<String, Row> rows = new LinkedHashMap<>();
        for (ExperimentEnrichment e : experiments) {
            if (e.enrichmentResults() == null) {
                continue;
            }
            for (EnrichmentResult result : e.enrichmentResults()) {
                if (analysisType != null && !analysisType.equals(result.analysisType())) {
                    continue;
                }
                for (EnrichmentTerm t : result.terms()) {
                    String key = result.analysisType() + ":" + t.termId();
                    Row row = rows.computeIfAbsent(key, x -> new Row(key, t.termName(), result.analysisType()));
                    row.scores.put(e.id(), t.foldEnrichment());
                }
            }
        }
        List<ComparisonRow> out = new ArrayList<>(rows.size());
        for (Row row : rows.values()) {
            Map<String, Double> scores = new LinkedHashMap<>();
            double max = Double.NEGATIVE_INFINITY;
            for (String id : ids) {
                Double s = row.scores.get(id);
                scores.put(id, s);
                if (s != null) {
                    max = Math.max(max, s);
                }
            }
            out.add(new ComparisonRow(row.key, row.name, row.type, scores, max, row.scores.size()));
        }
        out.sort(Comparator.comparingDouble(ComparisonRow::maxScore).reversed()); // List.sort is stable
        return new EnrichmentComparison(ids, labels, out, out.size());
    }

    private static final class Row {
        final String key;
        final String name;
        final String type;
        final Map<String, Double> scores = new HashMap<>();

        Row(String key, String name, String type) {
            this.key = key;
            this.name = name;
            this.type = type;
        }
    }
}
