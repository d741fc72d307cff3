package org.strategylab.evaluation.bootstrap;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.strategylab.evaluation.Fixtures;
import org.strategylab.evaluation.model.BootstrapResult;
import org.strategylab.evaluation.model.ConfidenceInterval;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RobustnessBootstrapTest {

    static BootstrapRequest request(JsonNode c) {
        return new BootstrapRequest(Fixtures.strings(c.get("orderedIds")), null,
                Fixtures.strings(c.get("positiveControls")), Fixtures.strings(c.get("negativeControls")),
                c.get("nBootstrap").asInt(), c.get("seed").asLong(), Fixtures.ints(c.get("kValues")), null, null);
    }

    @TestFactory
    List<DynamicTest> reproducesTheReferenceRunDrawForDraw() {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : Fixtures.load("bootstrap.json")) {
            String name = c.get("name").asText();
            tests.add(DynamicTest.dynamicTest(name, () -> {
                BootstrapResult r = RobustnessBootstrap.run(request(c));
                JsonNode x = c.get("expected");
                assertEquals(x.get("nIterations").asInt(), r.nIterations());
                assertEquals(x.get("seed").asLong(), r.seed());
                assertCis(x.get("metricCis"), r.metricCis(), name);
                assertCis(x.get("rankMetricCis"), r.rankMetricCis(), name);
                Fixtures.assertClose(x.get("topKStability").asDouble(), r.topKStability(), 1e-12, name + " stability");
            }));
        }
        return tests;
    }

    private static void assertCis(JsonNode expected, Map<String, ConfidenceInterval> actual, String name) {
        assertEquals(expected.size(), actual.size(), name + " keys " + actual.keySet());
        Iterator<Map.Entry<String, JsonNode>> it = expected.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            ConfidenceInterval ci = actual.get(e.getKey());
            String what = name + " " + e.getKey();
            Fixtures.assertClose(e.getValue().get("lower").asDouble(), ci.lower(), 1e-12, what + " lower");
            Fixtures.assertClose(e.getValue().get("upper").asDouble(), ci.upper(), 1e-12, what + " upper");
            Fixtures.assertClose(e.getValue().get("mean").asDouble(), ci.mean(), 1e-12, what + " mean");
            Fixtures.assertClose(e.getValue().get("std").asDouble(), ci.std(), 1e-12, what + " std");
        }
    }

    @Test
    void keepingMultiplicitiesGivesTheWiderBootstrapSpread() {
        // 100 positives, recall 0.5: the multiplicity bootstrap SD is ≈ sqrt(0.25/100) = 0.05; a set
        // collapse gives ≈ 0.038 (evaluation-semantics §5)
        List<String> positives = new ArrayList<>();
        List<String> ordered = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            positives.add("p" + i);
            if (i % 2 == 0) {
                ordered.add("p" + i);
            }
        }
        BootstrapResult r = RobustnessBootstrap.run(new BootstrapRequest(ordered, null, positives, List.of("n1"),
                2000, 42L, null, false, null));
        double sd = r.metricCis().get("sensitivity").std();
        assertTrue(sd > 0.046 && sd < 0.054, "sd " + sd);
        assertTrue(r.rankMetricCis().isEmpty());
    }

    @Test
    void negativeSetSensitivityDiffersPerSet() {
        Map<String, List<String>> alt = new LinkedHashMap<>();
        alt.put("strict", List.of("a", "b"));
        alt.put("loose", List.of("x1", "x2", "x3"));
        BootstrapResult r = RobustnessBootstrap.run(new BootstrapRequest(List.of("p1", "a", "b", "p2", "c"), null,
                List.of("p1", "p2", "p3"), List.of("c"), 10, null, null, null, alt));
        assertEquals(42, r.seed());
        assertEquals(2, r.negativeSetSensitivity().size());
        assertEquals(1.0, r.negativeSetSensitivity().get(0).metrics().falsePositiveRate());
        assertEquals(0.0, r.negativeSetSensitivity().get(1).metrics().falsePositiveRate());
        assertNotEquals(r.negativeSetSensitivity().get(0).metrics(), r.negativeSetSensitivity().get(1).metrics());
        assertEquals(3, r.negativeSetSensitivity().get(1).negativeCount());
    }

    @Test
    void withoutNegativesTheNegativeMetricsHaveNoIntervalOnTheWire() {
        BootstrapResult r = RobustnessBootstrap.run(new BootstrapRequest(List.of("p1", "x", "p2"), null,
                List.of("p1", "p2", "p3"), List.of(), 50, 7L, null, false, null));
        assertEquals(Map.of("specificity", "no negative controls", "mcc", "no negative controls",
                "balancedAccuracy", "no negative controls"), r.undefinedMetricCis());
        JsonNode cis = org.strategylab.evaluation.json.EvaluationJson.mapper().valueToTree(r).get("metricCis");
        assertTrue(cis.get("specificity").isNull(), "never an interval of 0–0: " + cis);
        assertTrue(cis.get("mcc").isNull());
        assertTrue(cis.get("balancedAccuracy").isNull());
        assertTrue(cis.get("sensitivity").get("upper").asDouble() > 0, "the positives' metrics keep theirs");
        assertTrue(cis.get("precision").isObject());
        // read back (a stored result): still no interval, and written the same again
        var mapper = org.strategylab.evaluation.json.EvaluationJson.mapper();
        BootstrapResult back = mapper.convertValue(mapper.valueToTree(r), BootstrapResult.class);
        assertTrue(!back.metricCis().containsKey("specificity") && back.metricCis().containsKey("sensitivity"));
        assertEquals(mapper.valueToTree(r), mapper.valueToTree(back));
        // any mapper writes it so (a service's own, without EvaluationJson's conventions)
        assertTrue(new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(r).get("metricCis").get("specificity")
                .isNull());

        BootstrapResult both = RobustnessBootstrap.run(new BootstrapRequest(List.of("p1", "n1"), null,
                List.of("p1", "p2"), List.of("n1", "n2"), 50, 7L, null, false, null));
        assertTrue(both.undefinedMetricCis().isEmpty());
        assertTrue(org.strategylab.evaluation.json.EvaluationJson.mapper().valueToTree(both).get("metricCis")
                .get("specificity").isObject());
    }
}
