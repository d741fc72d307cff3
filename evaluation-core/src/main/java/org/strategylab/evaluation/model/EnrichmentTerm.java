package org.strategylab.evaluation.model;

import java.util.List;

/**
 * One enrichment term (spec 2.2). {@code oddsRatio} is {@code null} when the sample odds ratio is
 * infinite or undefined (a zero cell); {@code oddsRatioFlag} then says which, and
 * {@code oddsRatioHaldane} (+0.5 in every cell) is always finite (DECISIONS 19). The extras
 * {@code logPValue} and {@code pValueNormalApprox} are null for terms parsed from upstream plugins.
 */
public record EnrichmentTerm(String termId, String termName, int geneCount, int backgroundCount,
                             double foldEnrichment, Double oddsRatio, double pValue, double fdr,
                             double bonferroni, List<String> genes,
                             String oddsRatioFlag, Double oddsRatioHaldane, Double logPValue,
                             Double pValueNormalApprox) {
    public EnrichmentTerm {
        genes = genes == null ? List.of() : List.copyOf(genes);
    }
}
