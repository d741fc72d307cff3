package org.strategylab.evaluation.rank;

import org.strategylab.evaluation.InputLimits;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.strategylab.evaluation.Fixtures;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.model.PrPoint;
import org.strategylab.evaluation.model.RankMetrics;
import org.strategylab.evaluation.model.RecallPoint;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RankMetricsCalculatorTest {

    @TestFactory
    List<DynamicTest> matchesReferenceAndScikitLearnAveragePrecision() {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : Fixtures.load("rank_metrics.json")) {
            String name = c.get("name").asText();
            tests.add(DynamicTest.dynamicTest(name, () -> {
                RankMetrics r = RankMetricsCalculator.compute(Fixtures.strings(c.get("orderedIds")),
                        ControlSets.of(Fixtures.strings(c.get("positiveControls")),
                                Fixtures.strings(c.get("negativeControls"))), Fixtures.ints(c.get("kValues")));
                JsonNode x = c.get("expected");
                assertMap(x.get("precisionAtK"), r.precisionAtK(), name + " P@K");
                assertMap(x.get("recallAtK"), r.recallAtK(), name + " R@K");
                assertMap(x.get("enrichmentAtK"), r.enrichmentAtK(), name + " E@K");
                assertEquals(x.get("totalResults").asInt(), r.totalResults(), name);
                assertEquals(x.get("positivesInList").asInt(), r.positivesInList(), name);
                Fixtures.assertClose(x.get("averagePrecision").asDouble(), r.averagePrecision(), 1e-12, name + " AP");
                assertEquals(x.get("prCurve").size(), r.prCurve().size(), name + " curve length");
                for (int i = 0; i < r.prCurve().size(); i++) {
                    PrPoint p = r.prCurve().get(i);
                    RecallPoint l = r.listSizeVsRecall().get(i);
                    Fixtures.assertClose(x.get("prCurve").get(i).get(0).asDouble(), p.precision(), 1e-12, name);
                    Fixtures.assertClose(x.get("prCurve").get(i).get(1).asDouble(), p.recall(), 1e-12, name);
                    assertEquals(x.get("listSizeVsRecall").get(i).get(0).asInt(), l.listSize(), name);
                    Fixtures.assertClose(x.get("listSizeVsRecall").get(i).get(1).asDouble(), l.recall(), 1e-12, name);
                }
            }));
        }
        return tests;
    }

    private static void assertMap(JsonNode expected, Map<Integer, Double> actual, String what) {
        assertEquals(expected.size(), actual.size(), what + " size");
        Iterator<Map.Entry<String, JsonNode>> it = expected.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            Fixtures.assertClose(e.getValue().asDouble(), actual.get(Integer.parseInt(e.getKey())), 1e-12,
                    what + " K=" + e.getKey());
        }
    }

    @Test
    void rejectsANonPositiveK() {
        ValidationException e = assertThrows(ValidationException.class,
                () -> RankMetricsCalculator.normaliseK(List.of(10, 0)));
        assertEquals("kValues", e.field());
    }

    @Test
    void rejectsMoreKValuesThanTheLimit() {
        List<Integer> ks = java.util.stream.IntStream.rangeClosed(1, InputLimits.MAX_K_VALUES + 1).boxed().toList();
        ValidationException e = assertThrows(ValidationException.class, () -> RankMetricsCalculator.normaliseK(ks));
        assertEquals("kValues", e.field());
        assertEquals(InputLimits.MAX_K_VALUES, RankMetricsCalculator.normaliseK(ks.subList(0, InputLimits.MAX_K_VALUES)).size());
    }
}
