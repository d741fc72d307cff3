package org.strategylab.evaluation.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.strategylab.evaluation.Fixtures;
import org.strategylab.evaluation.model.ExperimentMetrics;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClassificationMetricsTest {

    @TestFactory
    List<DynamicTest> matchesScikitLearnForEveryCountCase() {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : Fixtures.load("classification_counts.json")) {
            String name = c.get("name").asText();
            tests.add(DynamicTest.dynamicTest(name, () -> {
                ExperimentMetrics m = ClassificationMetrics.fromCounts(c.get("positiveHits").asInt(),
                        c.get("totalPositives").asInt(), c.get("negativeHits").asInt(),
                        c.get("totalNegatives").asInt(), 123);
                MetricsAssert.assertMetrics(c.get("expected"), m, name);
                assertEquals(123, m.totalResults());
            }));
        }
        return tests;
    }

    @Test
    void mccStaysFiniteAndExactWhereALongWouldOverflow() {
        // marginals 80k·70k·90k·80k ≈ 4.0e19 > Long.MAX_VALUE
        double mcc = ClassificationMetrics.mcc(60_000, 10_000, 70_000, 20_000);
        double expected = (60_000.0 * 70_000 - 10_000.0 * 20_000)
                / Math.sqrt(new java.math.BigDecimal("70000").multiply(new java.math.BigDecimal("80000"))
                .multiply(new java.math.BigDecimal("80000")).multiply(new java.math.BigDecimal("90000")).doubleValue());
        assertEquals(expected, mcc, 1e-15);
        assertTrue(mcc > 0 && mcc < 1);
    }

    @Test
    void noNegativesLeavesSpecificityZeroButFlagged() {
        ExperimentMetrics m = ClassificationMetrics.fromCounts(10, 10, 0, 0, 10);
        assertEquals(0.0, m.specificity());
        assertEquals(0.5, m.balancedAccuracy());
        assertTrue(m.isUndefined("specificity"));
        assertTrue(m.isUndefined("youdensJ"));
        assertTrue(!m.isUndefined("sensitivity"));
    }
}
