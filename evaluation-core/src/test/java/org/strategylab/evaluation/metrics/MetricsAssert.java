package org.strategylab.evaluation.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import org.strategylab.evaluation.Fixtures;
import org.strategylab.evaluation.model.ExperimentMetrics;

import java.util.HashSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Compares ExperimentMetrics with a fixture's expected object. */
public final class MetricsAssert {
    private MetricsAssert() {
    }

    public static void assertMetrics(JsonNode expected, ExperimentMetrics actual, String name) {
        JsonNode cm = expected.get("confusionMatrix");
        assertEquals(cm.get("truePositives").asInt(), actual.confusionMatrix().truePositives(), name + " TP");
        assertEquals(cm.get("falsePositives").asInt(), actual.confusionMatrix().falsePositives(), name + " FP");
        assertEquals(cm.get("trueNegatives").asInt(), actual.confusionMatrix().trueNegatives(), name + " TN");
        assertEquals(cm.get("falseNegatives").asInt(), actual.confusionMatrix().falseNegatives(), name + " FN");
        for (String metric : ExperimentMetrics.RATIO_NAMES) {
            Fixtures.assertClose(expected.get(metric).asDouble(), actual.ratio(metric), 1e-12, name + " " + metric);
        }
        assertEquals(expected.get("totalPositives").asInt(), actual.totalPositives(), name + " totalPositives");
        assertEquals(expected.get("totalNegatives").asInt(), actual.totalNegatives(), name + " totalNegatives");
        if (expected.has("totalResults")) {
            assertEquals(expected.get("totalResults").asInt(), actual.totalResults(), name + " totalResults");
        }
        assertEquals(new HashSet<>(Fixtures.strings(expected.get("undefinedMetrics"))),
                new HashSet<>(actual.undefinedMetrics()), name + " undefinedMetrics");
    }
}
