package org.strategylab.evaluation.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.strategylab.evaluation.Fixtures;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.model.ExperimentMetrics;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class GeneIdClassifierTest {

    @TestFactory
    List<DynamicTest> matchesTheReferenceNormaliser() {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : Fixtures.load("gene_id_mode.json")) {
            String name = c.get("name").asText();
            tests.add(DynamicTest.dynamicTest(name, () -> {
                ControlSets controls = ControlSets.of(Fixtures.strings(c.get("positiveControls")),
                        Fixtures.strings(c.get("negativeControls")));
                List<String> result = Fixtures.strings(c.get("resultIds"));
                GeneIdEvaluation e = GeneIdClassifier.evaluate(result, controls);
                JsonNode x = c.get("expected");
                MetricsAssert.assertMetrics(x.get("metrics"), e.metrics(), name);
                assertEquals(Fixtures.strings(x.get("truePositiveIds")), e.truePositiveIds(), name);
                assertEquals(Fixtures.strings(x.get("falseNegativeIds")), e.falseNegativeIds(), name);
                assertEquals(Fixtures.strings(x.get("falsePositiveIds")), e.falsePositiveIds(), name);
                assertEquals(Fixtures.strings(x.get("trueNegativeIds")), e.trueNegativeIds(), name);
                assertEquals(e.metrics(), GeneIdClassifier.metrics(result, controls), name + " fast path");
            }));
        }
        return tests;
    }

    @Test
    void twentyThousandGeneUniverseAgreesWithScikitLearn() {
        JsonNode c = Fixtures.load("gene_id_mode.json").get(7);
        JsonNode sk = Fixtures.load("gene_id_universe_sklearn.json");
        ExperimentMetrics m = GeneIdClassifier.metrics(Fixtures.strings(c.get("resultIds")),
                ControlSets.of(Fixtures.strings(c.get("positiveControls")), Fixtures.strings(c.get("negativeControls"))));
        Fixtures.assertClose(sk.get("precision").asDouble(), m.precision(), 1e-12, "precision");
        Fixtures.assertClose(sk.get("recall").asDouble(), m.sensitivity(), 1e-12, "recall");
        Fixtures.assertClose(sk.get("specificity").asDouble(), m.specificity(), 1e-12, "specificity");
        Fixtures.assertClose(sk.get("f1Score").asDouble(), m.f1Score(), 1e-12, "f1");
        Fixtures.assertClose(sk.get("mcc").asDouble(), m.mcc(), 1e-12, "mcc");
    }

    @Test
    void anIdInBothControlListsIsRejectedNamingTheField() {
        ValidationException e = assertThrows(ValidationException.class,
                () -> ControlSets.of(List.of("g1", "g2"), List.of(" g2 ")));
        assertEquals("negativeControls", e.field());
    }
}
