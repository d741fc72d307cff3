package org.strategylab.evaluation.cv;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.strategylab.evaluation.Fixtures;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.metrics.GeneIdClassifier;
import org.strategylab.evaluation.metrics.MetricsAssert;
import org.strategylab.evaluation.model.CrossValidationResult;
import org.strategylab.evaluation.model.ExperimentMetrics;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class CrossValidatorTest {

    @TestFactory
    List<DynamicTest> matchesTheReferenceFoldsAndAggregation() {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : Fixtures.load("cross_validation.json")) {
            String name = c.get("name").asText();
            tests.add(DynamicTest.dynamicTest(name, () -> {
                List<String> result = Fixtures.strings(c.get("resultIds"));
                List<String> p = Fixtures.strings(c.get("positiveControls"));
                List<String> n = Fixtures.strings(c.get("negativeControls"));
                ExperimentMetrics full = GeneIdClassifier.metrics(result, ControlSets.of(p, n));
                List<int[]> progress = new ArrayList<>();
                CrossValidationResult r = CrossValidator.run(p, n, c.get("k").asInt(), c.get("seed").asLong(),
                        new GeneIdEvaluator(result), full, (i, total) -> progress.add(new int[]{i, total}));
                JsonNode x = c.get("expected");
                assertEquals(x.get("k").asInt(), r.k(), name + " k");
                assertEquals(r.k(), progress.size(), name + " progress calls");
                for (int i = 0; i < r.k(); i++) {
                    JsonNode f = x.get("folds").get(i);
                    assertEquals(i, progress.get(i)[0]);
                    assertEquals(r.k(), progress.get(i)[1]);
                    assertEquals(Fixtures.strings(f.get("positiveControlIds")), r.folds().get(i).positiveControlIds(),
                            name + " fold " + i + " positives");
                    assertEquals(Fixtures.strings(f.get("negativeControlIds")), r.folds().get(i).negativeControlIds(),
                            name + " fold " + i + " negatives");
                    MetricsAssert.assertMetrics(f.get("metrics"), r.folds().get(i).metrics(), name + " fold " + i);
                }
                MetricsAssert.assertMetrics(x.get("meanMetrics"), r.meanMetrics(), name + " mean");
                assertEquals(x.get("stdMetrics").size(), r.stdMetrics().size(), name + " std keys");
                Iterator<Map.Entry<String, JsonNode>> it = x.get("stdMetrics").fields();
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> e = it.next();
                    Fixtures.assertClose(e.getValue().asDouble(), r.stdMetrics().get(e.getKey()), 1e-12,
                            name + " std " + e.getKey());
                }
                Fixtures.assertClose(x.get("overfittingScore").asDouble(), r.overfittingScore(), 1e-12, name);
                assertEquals(x.get("overfittingLevel").asText(), r.overfittingLevel(), name);
            }));
        }
        return tests;
    }

    @Test
    void clampsKAsTheSemanticsNoteSays() {
        assertEquals(5, CrossValidator.clampK(5, 100, 100));
        assertEquals(3, CrossValidator.clampK(5, 3, 100));
        assertEquals(2, CrossValidator.clampK(5, 1, 1));
        assertEquals(4, CrossValidator.clampK(10, 1, 4));
        assertEquals("k", assertThrows(ValidationException.class, () -> CrossValidator.clampK(1, 10, 10)).field());
    }

    @Test
    void levelsFollowTheDocumentedThresholds() {
        assertEquals("low", CrossValidator.overfittingLevel(0.0999));
        assertEquals("moderate", CrossValidator.overfittingLevel(0.1));
        assertEquals("moderate", CrossValidator.overfittingLevel(0.2499));
        assertEquals("high", CrossValidator.overfittingLevel(0.25));
    }
}
