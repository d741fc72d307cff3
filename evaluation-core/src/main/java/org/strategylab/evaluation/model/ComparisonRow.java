package org.strategylab.evaluation.model;

import java.util.Map;

/** One term across experiments: fold enrichment per experiment id, null where absent (spec 2.6). */
public record ComparisonRow(String termKey, String termName, String analysisType, Map<String, Double> scores,
                            double maxScore, int experimentCount) {
}
